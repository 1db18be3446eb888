//===- Semantics.cpp - A location's model, prepared for the search ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <map>
#include <set>

using namespace racesift;
using namespace racesift::mc;

Prepared::Prepared(const ExplorerInput &In, const ModelCheckOptions &Opts,
                   Clock::time_point Deadline)
    : In(In), Opts(Opts), Deadline(Deadline) {
  const ThreadModel &TM = *In.TM;
  LocInUnion = TM.inUnion(In.Loc);
  NT = In.Graphs.size();
  Graphs = In.Graphs;
  for (const auto &[F, G] : In.OnceBodies) {
    OnceFns.push_back(F);
    Graphs.push_back(G);
  }
  for (const auto &[Key, G] : In.SiteGraphs) {
    SiteGraph[Key] = Graphs.size();
    Graphs.push_back(G);
  }
  CreateSlot.resize(Graphs.size());
  for (size_t G = 0; G < Graphs.size(); ++G)
    for (const ActionEdge &E : Graphs[G]->Edges)
      CreateSlot[G].push_back(
          E.A.Kind == ActionKind::Create ? int(NumCreateSlots++) : -1);

  Objects.emplace(TM, Graphs, In.SyncInit,
                  Opts.Relax & ModelCheckOptions::RelaxLocks,
                  Opts.Relax & ModelCheckOptions::RelaxCounters);
  AccessNode.resize(Graphs.size());
  for (unsigned G = 0; G < Graphs.size(); ++G) {
    AccessNode[G].assign(Graphs[G]->NumNodes, false);
    for (const ActionEdge &E : Graphs[G]->Edges)
      if (isAccessOfLoc(E.A) && E.From < Graphs[G]->NumNodes)
        AccessNode[G][E.From] = true;
  }
  computeMultiHandles();
  computeLiveLocals();
  Dep.emplace(TM, Graphs, NT, OnceFns, *Objects, Deadline);
  Complete = Dep->complete();
}

bool Prepared::isAccessOfLoc(const Action &A) const {
  if (A.Kind != ActionKind::Read && A.Kind != ActionKind::Write)
    return false;
  if (A.Acc >= In.TM->Accesses.size())
    return false;
  for (const MemLoc &L : In.TM->Accesses[A.Acc].Locs)
    if (L.mayAlias(In.Loc))
      return true;
  return false;
}

bool Prepared::futureMeets(const Config &C, uint32_t I,
                           const std::vector<unsigned> &Objs, bool All) const {
  const ThreadState &T = C.Threads[I];
  if (T.St == Status::Terminated)
    return false;
  return Dep->futureMeets(T.Graph, T.Node, Objs, All) ||
         (T.RetNode != NoNode &&
          Dep->futureMeets(T.Template, T.RetNode, Objs, All));
}

bool Prepared::atAccess(const Config &C, uint32_t I) const {
  if (I >= C.Threads.size())
    return false;
  const ThreadState &T = C.Threads[I];
  return T.St == Status::Active && T.Node < AccessNode[T.Graph].size() &&
         AccessNode[T.Graph][T.Node];
}

void Prepared::freeIds(Config &C, uint64_t Mask) const {
  if (!Objects->hasThreadIds())
    return;
  for (uint32_t J = 0; J < C.Threads.size(); ++J)
    if (Mask >> J & 1 && C.Threads[J].Id > 0)
      C.FreedIds |= uint64_t(1) << (C.Threads[J].Id - 1);
}

std::pair<uint32_t, uint32_t> Prepared::accessPoint(const Config &C,
                                                    uint32_t I) const {
  if (!atAccess(C, I))
    return {UINT32_MAX, UINT32_MAX};
  return {C.Threads[I].Graph, C.Threads[I].Node};
}

Config Prepared::initial() const {
  Config C;
  C.SiteCount.assign(NumCreateSlots, 0);
  C.Handles.assign(Objects->table(ObjKind::Handle).size());
  C.Joinable = C.Handles;
  C.Locks.assign(Objects->table(ObjKind::Lock).size());
  C.Sems = Objects->semInit();
  C.Onces.assign(Objects->table(ObjKind::Once).size(), 0);
  C.Barriers.assign(Objects->barrierCount().size(), 0);
  C.Shared.assign(Objects->numShared(), Value());
  for (const auto &[V, Val] : In.InitialValues)
    if (int Slot = Objects->sharedSlot(V); Slot >= 0)
      C.Shared[Slot] = Value{true, Val};
  ThreadState Root;
  Root.Template = 0;
  Root.Graph = 0;
  Root.Locals.assign(Objects->numLocal(), Value());
  Root.Id = 1;
  C.Threads.push_back(Root);
  if (Graphs.empty() || Graphs[0]->NumNodes == 0)
    C.Threads[0].St = Status::Terminated;
  else
    arrive(C, 0, Graphs[0]->Entry);
  forgetDeadLocals(C);
  return C;
}

std::string Prepared::threadName(const Config &C, uint32_t I) const {
  const ThreadTemplate *T = C.Threads[I].Template < In.TM->Templates.size()
                                ? &In.TM->Templates[C.Threads[I].Template]
                                : nullptr;
  std::string Name = T ? T->Name : "thread";
  return I == 0 ? Name : Name + "#" + std::to_string(I);
}
