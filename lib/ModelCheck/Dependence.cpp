//===- Dependence.cpp - What steps touch, now and in the future ----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The objects of each edge's step, once per graph. The partial-order
// reduction also asks, per node, which objects a thread's
// future steps may touch. Nodes of one strongly connected component share
// their future, so it is computed once per component (Boost.Graph's
// strong_components), sinks first: one pass per graph. A round-robin fixpoint
// over nodes took a pass per loop nesting level, each copying and comparing a
// bit vector as wide as the object tables per node (a quarter of the checker on
// sqlite3.c). Creations and once bodies link graphs; the graphs are iterated
// until their entries' futures are stable.
//
//===----------------------------------------------------------------------===//

#include "Dependence.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <cassert>

using namespace llvm;

namespace racesift {
namespace mc {

Dependence::Dependence(const ThreadModel &TM,
                       llvm::ArrayRef<const ThreadGraph *> Graphs, unsigned NT,
                       llvm::ArrayRef<const llvm::Function *> OnceFns,
                       const ObjectTables &Objects, Clock::time_point Deadline)
    : TM(TM), Graphs(Graphs), NT(NT), OnceFns(OnceFns), Objects(Objects),
      Deadline(Deadline) {
  computeEdgeObjs();
  computeFutures();
}

void Dependence::staticObjs(const ActionEdge &E, unsigned G,
                            std::vector<unsigned> &Out, bool &All) const {
  const Action &A = E.A;
  const unsigned ThreadMgmt = ObjectTables::ThreadMgmt;
  auto AddIds = [&](ObjKind K, const std::vector<MemLoc> &Ls) {
    for (unsigned I : Objects.ids(K, Ls))
      Out.push_back(Objects.slotBase(K) + I);
  };
  auto AddVar = [&](DataVarId V) {
    if (int Obj = Objects.sharedObject(V); Obj >= 0)
      Out.push_back(Obj);
  };
  if (A.Kind == ActionKind::Unlock)
    for (unsigned I : Objects.lockIds(A))
      Out.push_back(Objects.slotBase(ObjKind::Lock) + I);
  else if (isTableKind(A.Kind))
    AddIds(objKindOf(A.Kind), A.Objects);
  switch (A.Kind) {
  case ActionKind::Wait:
    AddIds(ObjKind::Lock, A.Mutex);
    break;
  case ActionKind::Create:
    Out.push_back(ThreadMgmt);
    Out.push_back(Objects.siteObject(A.Creation));
    if (A.Creation < TM.Creations.size())
      AddIds(ObjKind::Handle, TM.Creations[A.Creation].Handles);
    break;
  case ActionKind::HandleCopy:
    AddIds(ObjKind::Handle, A.Source);
    break;
  case ActionKind::Join:
  case ActionKind::NotJoinable: // Reads what creates and joins change.
  case ActionKind::Detach:      // Changes what a later join may choose.
  case ActionKind::Exit:
  case ActionKind::BarrierWait:
    Out.push_back(ThreadMgmt);
    break;
  case ActionKind::Cancel:
    All = true;
    break;
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::AtomicUpdate:
  case ActionKind::Lock: {
    if (Objects.usesThreadId(A))
      Out.push_back(ThreadMgmt);
    DataUse U = dataUseOf(A);
    for (DataVarId V : U.Tested)
      AddVar(V);
    for (DataVarId V : U.Written)
      AddVar(V);
    for (DataVarId V : U.Read)
      AddVar(V);
    break;
  }
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::TryLock:
  case ActionKind::Unlock:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::Once:
  case ActionKind::SemWait:
  case ActionKind::SemTryWait:
  case ActionKind::SemPost:
  case ActionKind::Call:
    break;
  }
  if (E.To < Graphs[G]->NumNodes && Graphs[G]->Succs[E.To].empty())
    Out.push_back(ThreadMgmt); // Termination (or the end of a once body).
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
}

void Dependence::computeEdgeObjs() {
  EdgeObjStart.resize(Graphs.size());
  EdgeObjs.resize(Graphs.size());
  EdgeAll.resize(Graphs.size());
  std::vector<unsigned> Objs;
  for (unsigned G = 0; G < Graphs.size(); ++G) {
    const std::vector<ActionEdge> &Edges = Graphs[G]->Edges;
    EdgeObjStart[G].reserve(Edges.size() + 1);
    EdgeObjStart[G].push_back(0);
    EdgeAll[G].resize(Edges.size());
    for (unsigned E = 0; E < Edges.size(); ++E) {
      Objs.clear();
      bool All = false;
      staticObjs(Edges[E], G, Objs, All);
      EdgeObjs[G].insert(EdgeObjs[G].end(), Objs.begin(), Objs.end());
      EdgeObjStart[G].push_back(EdgeObjs[G].size());
      if (All)
        EdgeAll[G].set(E);
    }
  }
}

bool Dependence::futureMeets(unsigned G, uint32_t Node,
                             llvm::ArrayRef<unsigned> Objs, bool All) const {
  if (Node >= Graphs[G]->NumNodes)
    return false;
  unsigned SCC = NodeSCC[G][Node];
  if (All || FutureAll[G][SCC])
    return true;
  for (unsigned O : Objs)
    if (Future[G][SCC].test(O))
      return true;
  return false;
}

/// The strongly connected components of a graph's nodes. Boost numbers
/// them as they complete: every edge leaving a component leads to a lower
/// number (as the lockset layer's call-graph order relies on too).
static unsigned findSCCs(const ThreadGraph &TG, std::vector<unsigned> &Comp) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> G(
      TG.NumNodes);
  for (const ActionEdge &E : TG.Edges)
    if (E.From < TG.NumNodes && E.To < TG.NumNodes)
      boost::add_edge(E.From, E.To, G);
  Comp.resize(TG.NumNodes);
  return boost::strong_components(
      G, boost::make_iterator_property_map(Comp.begin(),
                                           boost::get(boost::vertex_index, G)));
}

void Dependence::futureOf(unsigned G, unsigned SCC,
                          const std::vector<std::vector<unsigned>> &Members) {
  const ThreadGraph &TG = *Graphs[G];
  BitVector &F = Future[G][SCC];
  bool All = FutureAll[G][SCC];
  auto Link = [&](unsigned L) {
    if (!Graphs[L]->NumNodes)
      return;
    unsigned En = NodeSCC[L][Graphs[L]->Entry];
    if (L == G && En == SCC)
      return;
    F |= Future[L][En];
    All = All || FutureAll[L][En];
  };
  for (unsigned V : Members[SCC])
    for (unsigned EI : TG.Succs[V]) {
      const ActionEdge &E = TG.Edges[EI];
      for (unsigned O : edgeObjs(G, EI, All))
        F.set(O);
      assert((E.To >= TG.NumNodes || NodeSCC[G][E.To] <= SCC) &&
             "successor components are numbered first");
      if (E.To < TG.NumNodes && NodeSCC[G][E.To] != SCC) {
        F |= Future[G][NodeSCC[G][E.To]];
        All = All || FutureAll[G][NodeSCC[G][E.To]];
      }
      if (E.A.Kind == ActionKind::Create && E.A.Creation < TM.Creations.size())
        for (TemplateId T : TM.Creations[E.A.Creation].Targets)
          if (T < NT)
            Link(T);
      if (E.A.Kind == ActionKind::Once)
        for (unsigned B = 0; B < OnceFns.size(); ++B)
          for (const Function *Fn : E.A.Callees)
            if (Fn == OnceFns[B])
              Link(NT + B);
    }
  FutureAll[G][SCC] = All;
}

void Dependence::computeFutures() {
  unsigned NG = Graphs.size();
  NodeSCC.resize(NG);
  Future.resize(NG);
  FutureAll.resize(NG);
  std::vector<std::vector<std::vector<unsigned>>> Members(NG);
  for (unsigned G = 0; G < NG; ++G) {
    unsigned NumComps = findSCCs(*Graphs[G], NodeSCC[G]);
    Members[G].resize(NumComps);
    for (unsigned V = 0; V < Graphs[G]->NumNodes; ++V)
      Members[G][NodeSCC[G][V]].push_back(V);
    Future[G].assign(NumComps, BitVector(Objects.numObjects()));
    FutureAll[G].assign(NumComps, false);
  }
  // Futures only grow: repeat until no graph's entry changes (a graph
  // that creates or runs one linked before it in this order).
  unsigned Visits = 0;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned G = 0; G < NG; ++G) {
      if (!Graphs[G]->NumNodes)
        continue;
      unsigned En = NodeSCC[G][Graphs[G]->Entry];
      BitVector Before = Future[G][En];
      bool AllBefore = FutureAll[G][En];
      for (unsigned C = 0; C < Members[G].size(); ++C) {
        if ((Visits++ & 1023) == 0 && Clock::now() > Deadline) {
          Complete = false;
          return;
        }
        futureOf(G, C, Members[G]);
      }
      Changed |= Future[G][En] != Before || FutureAll[G][En] != AllBefore;
    }
  }
}

} // namespace mc
} // namespace racesift
