//===- ThreadGraph.cpp - Graph compression and call inlining ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A node whose only move is one internal step is equivalent to that step's
// target (tau is invisible to every layer), so it is merged into it. Thread
// graphs inline function graphs along call strings.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Function.h"

#include <algorithm>
#include <deque>
#include <numeric>

using namespace llvm;

namespace racesift {

static bool isTau(const Action &A) { return A.Kind == ActionKind::Internal; }

static bool compressOnce(unsigned &NumNodes, std::vector<ActionEdge> &Edges,
                         NodeId &Entry, NodeId &Exit, NodeId *Keep) {
  std::vector<unsigned> OutDeg(NumNodes, 0), OnlyEdge(NumNodes, ~0u);
  for (unsigned I = 0; I < Edges.size(); ++I) {
    ++OutDeg[Edges[I].From];
    OnlyEdge[Edges[I].From] = I;
  }
  std::vector<NodeId> Parent(NumNodes);
  std::iota(Parent.begin(), Parent.end(), 0);
  auto Find = [&](NodeId N) {
    while (Parent[N] != N)
      N = Parent[N] = Parent[Parent[N]];
    return N;
  };
  std::vector<bool> Merged(Edges.size(), false);
  bool Changed = false;
  for (NodeId U = 0; U < NumNodes; ++U) {
    if (U == Exit || (Keep && U == *Keep) || OutDeg[U] != 1 ||
        !isTau(Edges[OnlyEdge[U]].A))
      continue;
    NodeId T = Find(Edges[OnlyEdge[U]].To);
    if (T == U)
      continue;
    Parent[U] = T;
    Merged[OnlyEdge[U]] = true;
    Changed = true;
  }
  // In place: edges are large (an Action each), and graphs of 10^5 of
  // them are built per location.
  DenseSet<std::pair<NodeId, NodeId>> TauSeen;
  unsigned W = 0;
  for (unsigned I = 0; I < Edges.size(); ++I) {
    if (Merged[I])
      continue;
    ActionEdge &E = Edges[I];
    E.From = Find(E.From);
    E.To = Find(E.To);
    if (isTau(E.A) &&
        (E.From == E.To || !TauSeen.insert({E.From, E.To}).second)) {
      Changed = true;
      continue;
    }
    if (W != I)
      Edges[W] = std::move(E);
    ++W;
  }
  Edges.resize(W);
  Entry = Find(Entry);
  if (Exit != ~0u)
    Exit = Find(Exit);
  if (Keep && *Keep != ~0u)
    *Keep = Find(*Keep);
  return Changed;
}

void compressGraph(unsigned &NumNodes, std::vector<ActionEdge> &Edges,
                   NodeId &Entry, NodeId &Exit,
                   std::vector<std::vector<unsigned>> &Succs,
                   std::vector<ActionEdge> &Out, NodeId *Keep) {
  for (unsigned Round = 0; Round < 4; ++Round)
    if (!compressOnce(NumNodes, Edges, Entry, Exit, Keep))
      break;
  // Renumber the nodes reachable from Entry in depth-first order.
  std::vector<std::vector<unsigned>> Adj(NumNodes);
  for (unsigned I = 0; I < Edges.size(); ++I)
    Adj[Edges[I].From].push_back(I);
  std::vector<NodeId> NewId(NumNodes, ~0u);
  std::vector<NodeId> Stack = {Entry};
  unsigned Next = 0;
  NewId[Entry] = Next++;
  std::vector<NodeId> Order = {Entry};
  while (!Stack.empty()) {
    NodeId N = Stack.back();
    Stack.pop_back();
    for (auto It = Adj[N].rbegin(); It != Adj[N].rend(); ++It) {
      NodeId T = Edges[*It].To;
      if (NewId[T] == ~0u) {
        NewId[T] = Next++;
        Stack.push_back(T);
      }
    }
  }
  if (Exit != ~0u && NewId[Exit] == ~0u)
    NewId[Exit] = Next++;
  // Reachable edges in order of their new source node, stably: a
  // counting sort, one move per edge.
  std::vector<unsigned> Start(Next + 1, 0);
  for (const ActionEdge &E : Edges)
    if (NewId[E.From] != ~0u)
      ++Start[NewId[E.From] + 1];
  std::partial_sum(Start.begin(), Start.end(), Start.begin());
  Out.assign(Start.back(), ActionEdge());
  for (ActionEdge &E : Edges) {
    if (NewId[E.From] == ~0u)
      continue;
    unsigned From = NewId[E.From];
    E.From = From;
    E.To = NewId[E.To];
    Out[Start[From]++] = std::move(E);
  }
  Edges.clear();
  Entry = NewId[Entry];
  if (Exit != ~0u)
    Exit = NewId[Exit];
  if (Keep && *Keep != ~0u)
    *Keep = NewId[*Keep];
  NumNodes = Next;
  Succs.assign(NumNodes, {});
  for (unsigned I = 0; I < Out.size(); ++I)
    Succs[Out[I].From].push_back(I);
}

namespace {
/// Inlines function graphs along call strings.
struct Inliner {
  const ThreadModel &TM;
  const std::function<bool(const Action &)> &Relevant;
  unsigned MaxNodes;
  ThreadGraph &G;
  std::vector<ActionEdge> &Edges; ///< Uncompressed.
  std::vector<const Function *> CallString;
  /// Locations of the calls on the call string that are in user code.
  std::vector<SourceLoc> UserCallSites;
  DenseMap<const Function *, bool> HasRelevant;
  uint32_t Context = 0; ///< The call being inlined (G.Calls).
  /// context-parameters: the object accesses must touch to stay (the
  /// location's), or null to keep every relevant access.
  const MemLoc *Loc = nullptr;
  /// Per inlined function, innermost last: for each parameter the objects
  /// the call being inlined passes to it, or null if not known.
  std::vector<std::vector<const std::vector<ObjectId> *>> Params{};
  /// Owns the sets Params points to that intersections made.
  std::deque<std::vector<ObjectId>> Narrowed{};

  /// What parameter K of a callee of call A points to in this context.
  const std::vector<ObjectId> *argumentObjects(const Action &A, size_t K) {
    const std::vector<ObjectId> *Own =
        K < A.ArgObjects.size() && !A.ArgObjects[K].empty() ? &A.ArgObjects[K]
                                                            : nullptr;
    int32_t P = K < A.ArgParams.size() ? A.ArgParams[K] : -1;
    const std::vector<ObjectId> *Outer =
        P >= 0 && !Params.empty() && size_t(P) < Params.back().size()
            ? Params.back()[P]
            : nullptr;
    if (!Outer || !Own)
      return Outer ? Outer : Own;
    std::vector<ObjectId> &Both = Narrowed.emplace_back();
    std::set_intersection(Outer->begin(), Outer->end(), Own->begin(),
                          Own->end(), std::back_inserter(Both));
    return &Both;
  }

  /// What the start routine's argument of Create action A points to in
  /// this context, if that is fewer objects than its creation site passes
  /// anywhere (else nothing: the site's own set applies).
  std::vector<ObjectId> startArgumentHere(const Action &A) const {
    if (!Loc || A.Creation >= TM.Creations.size() || Params.empty())
      return {};
    const CreationSite &CS = TM.Creations[A.Creation];
    int32_t P = CS.ArgParam;
    if (P < 0 || size_t(P) >= Params.back().size() || !Params.back()[P])
      return {};
    const std::vector<ObjectId> &Outer = *Params.back()[P];
    if (CS.ArgObjects.empty())
      return Outer;
    std::vector<ObjectId> Both;
    std::set_intersection(Outer.begin(), Outer.end(), CS.ArgObjects.begin(),
                          CS.ArgObjects.end(), std::back_inserter(Both));
    if (Both.size() == CS.ArgObjects.size())
      return {};
    return Both;
  }

  /// Whether access action A may touch Loc in this context: not if its
  /// address is a parameter's whose objects here do not include Loc's.
  bool touchesHere(const Action &A) const {
    if (!Loc || (A.Kind != ActionKind::Read && A.Kind != ActionKind::Write) ||
        A.Acc >= TM.Accesses.size() || Params.empty())
      return true;
    const Access &X = TM.Accesses[A.Acc];
    int32_t P = X.BaseParam >= 0 ? X.BaseParam : X.LoadParam;
    if (P < 0 || size_t(P) >= Params.back().size() || !Params.back()[P])
      return true;
    const std::vector<ObjectId> &Here = *Params.back()[P];
    if (X.BaseParam >= 0)
      return std::binary_search(Here.begin(), Here.end(), Loc->Obj);
    // context-parameter-loads: what the load reads from those objects.
    for (ObjectId O : Here) {
      auto It = llvm::lower_bound(
          X.LoadParamContents, O,
          [](const auto &E, ObjectId K) { return E.first < K; });
      if (It != X.LoadParamContents.end() && It->first == O &&
          !std::binary_search(It->second.begin(), It->second.end(), Loc->Obj))
        continue;
      // Read there, or an object the load was not known to read from
      // (none in a sound model): it may touch Loc.
      return true;
    }
    return false;
  }

  /// Whether F or anything it calls has a relevant action (a recursive
  /// function counts as relevant while being computed: conservative).
  bool relevant(const Function *F) {
    auto It = HasRelevant.find(F);
    if (It != HasRelevant.end())
      return It->second;
    HasRelevant[F] = true;
    bool R = false;
    if (const FunctionGraph *FG = TM.graphOf(F))
      for (const ActionEdge &E : FG->Edges) {
        if (E.A.Kind == ActionKind::Call) {
          for (const Function *C : E.A.Callees)
            R = R || relevant(C);
        } else if (Relevant(E.A)) {
          R = true;
        }
        if (R)
          break;
      }
    HasRelevant[F] = R;
    return R;
  }

  /// Runs Fns one after the other from node From (global constructors,
  /// once each): each relevant one inlined; returns the last one's exit.
  /// Sites, if given: by function, the call witnesses show it made from.
  NodeId chainGraphs(ArrayRef<const Function *> Fns, NodeId From,
                     ArrayRef<SourceLoc> Sites = {}) {
    for (size_t I = 0; I < Fns.size(); ++I) {
      const FunctionGraph *FG = TM.graphOf(Fns[I]);
      if (!FG || !relevant(Fns[I]))
        continue;
      uint32_t Caller = Context;
      bool User =
          I < Sites.size() && Sites[I].known() && !isSystemLoc(Sites[I]);
      if (I < Sites.size()) {
        Context = G.Calls.size();
        G.Calls.push_back({Caller, Sites[I]});
      }
      if (User)
        UserCallSites.push_back(Sites[I]);
      auto [Entry, X] = inlineGraph(*FG);
      if (User)
        UserCallSites.pop_back();
      Context = Caller;
      Edges.push_back({From, Entry, Action()});
      From = X;
    }
    return From;
  }

  /// Instantiates FG between fresh nodes; returns its entry and exit.
  std::pair<NodeId, NodeId> inlineGraph(const FunctionGraph &FG) {
    NodeId Base = G.NumNodes;
    G.NumNodes += FG.NumNodes;
    CallString.push_back(FG.F);
    for (const ActionEdge &E : FG.Edges) {
      NodeId From = Base + E.From, To = Base + E.To;
      if (E.A.Kind != ActionKind::Call) {
        ActionEdge NE{From, To,
                      Relevant(E.A) && touchesHere(E.A) ? E.A : Action(),
                      Context};
        if (NE.A.Kind == ActionKind::Internal)
          NE.A.Inst = E.A.Inst;
        if (NE.A.Kind == ActionKind::Create)
          if (std::vector<ObjectId> Here = startArgumentHere(E.A);
              !Here.empty())
            NE.A.ArgObjects = {std::move(Here)};
        // A step inside a system header (a std::lock_guard's lock) is shown
        // at the user's call that led there.
        if (isSystemLoc(NE.A.Loc) && !UserCallSites.empty())
          NE.A.Loc = UserCallSites.back();
        Edges.push_back(std::move(NE));
        continue;
      }
      bool Any = false, Bypass = E.A.Callees.empty();
      for (const Function *C : E.A.Callees) {
        const FunctionGraph *CG = TM.graphOf(C);
        if (!CG || !relevant(C)) {
          Bypass = true;
          continue;
        }
        // Recursion cut-off: a function already on the call string is not
        // re-entered; the call becomes an internal step.
        if (llvm::is_contained(CallString, C) ||
            G.NumNodes + CG->NumNodes > MaxNodes) {
          G.Truncated = true;
          Bypass = true;
          continue;
        }
        bool User = E.A.Loc.known() && !isSystemLoc(E.A.Loc);
        if (User)
          UserCallSites.push_back(E.A.Loc);
        // std::thread's machinery calls the user's start routine: the
        // thread starts at that routine, as the user sees it and names it.
        uint32_t Caller = Context;
        if (Context != 0 || !isSystemLoc(E.A.Loc)) {
          Context = G.Calls.size();
          G.Calls.push_back({Caller, E.A.Loc});
        }
        std::vector<const std::vector<ObjectId> *> Args;
        if (Loc && !E.A.Callback)
          for (size_t K = 0; K < C->arg_size(); ++K)
            Args.push_back(argumentObjects(E.A, K));
        Params.push_back(std::move(Args));
        auto [In, Out] = inlineGraph(*CG);
        Params.pop_back();
        Context = Caller;
        if (User)
          UserCallSites.pop_back();
        Edges.push_back({From, In, Action()});
        Edges.push_back({Out, To, Action()});
        Any = true;
      }
      if (!Any || Bypass)
        Edges.push_back({From, To, Action()});
    }
    CallString.pop_back();
    return {Base + FG.Entry, Base + FG.Exit};
  }
};
} // namespace

std::vector<SourceLoc> ThreadGraph::callPath(uint32_t Context) const {
  std::vector<SourceLoc> Path;
  for (uint32_t C = Context; C != 0 && C < Calls.size(); C = Calls[C].Parent)
    Path.push_back(Calls[C].Loc);
  std::reverse(Path.begin(), Path.end());
  return Path;
}

unsigned ThreadGraph::callDepth(uint32_t Context) const {
  unsigned Depth = 0;
  for (uint32_t C = Context; C != 0 && C < Calls.size(); C = Calls[C].Parent)
    ++Depth;
  return Depth;
}

ThreadGraph
buildThreadGraph(const ThreadModel &TM, TemplateId T,
                 const std::function<bool(const Action &)> &Relevant,
                 unsigned MaxNodes, std::vector<ActionEdge> *Scratch,
                 const MemLoc *Loc, const std::vector<ObjectId> *EntryArg) {
  ThreadGraph G;
  G.Template = T;
  std::vector<ActionEdge> Local;
  std::vector<ActionEdge> &Work = Scratch ? *Scratch : Local;
  Work.clear();
  Inliner In{TM,   Relevant, MaxNodes, G,
             Work, {},       {},       DenseMap<const Function *, bool>()};
  In.Loc = Loc;
  NodeId Exit = ~0u;
  const ThreadTemplate &TT = TM.Templates[T];
  if (const FunctionGraph *FG = TT.Entry ? TM.graphOf(TT.Entry) : nullptr) {
    // A start routine's parameter is what its creation site passes.
    if (Loc && EntryArg && TT.Entry->arg_size() > 0) {
      In.Params.emplace_back(TT.Entry->arg_size(), nullptr);
      In.Params.back()[0] = EntryArg;
    }
    if (T == 0 && !TM.MainConstructors.empty()) {
      // ctor-threads: the root runs the constructors that start threads,
      // then main.
      G.Entry = G.NumNodes++;
      NodeId Last = In.chainGraphs(TM.MainConstructors, G.Entry);
      auto [Entry, X] = In.inlineGraph(*FG);
      In.Edges.push_back({Last, Entry, Action()});
      Exit = X;
    } else {
      auto [Entry, X] = In.inlineGraph(*FG);
      G.Entry = Entry;
      Exit = X;
    }
    // exit-handlers (main's) and key-destructors (a created thread's): run
    // when the entry returns.
    ThreadModel::EndHandlers End = TM.endHandlers(T);
    Exit = In.chainGraphs(End.Fns, Exit, End.Sites);
  } else {
    // The environment root: the global constructors in order, then a loop
    // that calls any entry or stops (env-root).
    G.Entry = G.NumNodes++;
    Exit = G.NumNodes++;
    NodeId Loop = In.chainGraphs(TM.EnvConstructors, G.Entry);
    In.Edges.push_back({Loop, Exit, Action()});
    SmallPtrSet<const Function *, 32> Entries(TM.EnvEntries.begin(),
                                              TM.EnvEntries.end());
    for (const FunctionGraph &FG : TM.Functions) {
      if (!Entries.count(FG.F) || !In.relevant(FG.F))
        continue;
      size_t First = In.Edges.size();
      NodeId Base = G.NumNodes;
      auto [Entry, X] = In.inlineGraph(FG);
      In.Edges.push_back({Loop, Entry, Action()});
      In.Edges.push_back({X, Loop, Action()});
      // env-unwind: an exception out of the library ends its caller's use
      // of it, as one out of main ends a program.
      if (FG.Unwind != InvalidNode)
        for (size_t I = First; I < In.Edges.size(); ++I)
          if (In.Edges[I].From == Base + FG.Unwind && In.Edges[I].To == X)
            In.Edges[I].To = Exit;
    }
  }
  compressGraph(G.NumNodes, Work, G.Entry, Exit, G.Succs, G.Edges);
  G.Exit = Exit;
  return G;
}

} // namespace racesift
