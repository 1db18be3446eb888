//===- ModelCheckTestModel.h - Hand-built thread graphs for tests -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A tiny thread model with hand-built thread graphs and action helpers,
// shared by the [mc] unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_TEST_UNIT_MODELCHECKTESTMODEL_H
#define RACESIFT_TEST_UNIT_MODELCHECKTESTMODEL_H

#include "../../lib/ModelCheck/Explorer.h"

#include <map>
#include <string>
#include <vector>

namespace racesift {
namespace mctest {

/// A tiny thread model with hand-built thread graphs.
struct Model {
  ThreadModel TM;
  std::vector<ThreadGraph> Gs;
  MemLoc X; ///< The candidate location.

  Model() {
    X = global("x");
    tmpl("main");
  }
  MemLoc global(const std::string &Name, bool Singleton = true) {
    MemObject O;
    O.Id = TM.Objects.size();
    O.Name = Name;
    O.Singleton = Singleton;
    O.Shared = true;
    TM.Objects.push_back(O);
    return MemLoc{O.Id, 0};
  }
  TemplateId tmpl(const std::string &Name) {
    ThreadTemplate T;
    T.Id = TM.Templates.size();
    T.Name = Name;
    TM.Templates.push_back(T);
    ThreadGraph G;
    G.Template = T.Id;
    G.NumNodes = 1;
    G.Succs.resize(1);
    Gs.push_back(G);
    return T.Id;
  }
  AccessId access(bool Write, unsigned Line, bool Atomic = false) {
    Access A;
    A.Id = TM.Accesses.size();
    A.IsWrite = Write;
    A.IsAtomic = Atomic;
    A.Locs = {X};
    A.Name = "x";
    A.Loc.File = "t.c";
    A.Loc.Line = Line;
    TM.Accesses.push_back(A);
    return A.Id;
  }
  unsigned site(std::vector<TemplateId> Targets, MemLoc Handle,
                bool InLoop = false) {
    CreationSite S;
    S.Targets = Targets;
    S.Handles = {Handle};
    S.InLoop = InLoop;
    TM.Creations.push_back(S);
    return TM.Creations.size() - 1;
  }
  DataVarId var(const std::string &Name, bool Shared = true) {
    DataVar D;
    D.Id = TM.DataVars.size();
    D.IsMemory = Shared;
    if (Shared)
      D.Loc = global(Name);
    D.Name = Name;
    TM.DataVars.push_back(D);
    return D.Id;
  }

  NodeId node(TemplateId T) {
    ThreadGraph &G = Gs[T];
    G.Succs.emplace_back();
    return G.NumNodes++;
  }
  void edge(TemplateId T, NodeId From, NodeId To, Action A) {
    ThreadGraph &G = Gs[T];
    G.Succs[From].push_back(G.Edges.size());
    G.Edges.push_back({From, To, std::move(A)});
  }
  /// Appends a straight-line sequence of actions to T's graph.
  void seq(TemplateId T, std::vector<Action> As) {
    NodeId Cur = last(T);
    for (Action &A : As) {
      NodeId N = node(T);
      edge(T, Cur, N, std::move(A));
      Cur = N;
    }
  }
  NodeId last(TemplateId T) {
    // The one node without successors reached last (seq appends there).
    return Gs[T].NumNodes - 1;
  }

  LocationVerdict
  check(ModelCheckOptions Opts = {},
        mc::Clock::time_point Deadline = mc::Clock::time_point::max()) {
    mc::ExplorerInput In;
    In.TM = &TM;
    for (const ThreadGraph &G : Gs)
      In.Graphs.push_back(&G);
    In.Loc = X;
    In.InitialValues = Init;
    In.SyncInit = SyncInit;
    for (const auto &[F, G] : OnceBodies)
      In.OnceBodies[F] = &G;
    return mc::explore(In, Opts, Deadline);
  }
  std::map<DataVarId, int64_t> Init;
  std::vector<std::pair<MemLoc, int64_t>> SyncInit;
  std::map<const llvm::Function *, ThreadGraph> OnceBodies;
};

inline Action act(ActionKind K, std::vector<MemLoc> Objs = {}) {
  Action A;
  A.Kind = K;
  A.Objects = Objs;
  A.MustObject = Objs.size() == 1;
  return A;
}
inline Action rd(AccessId Acc) {
  Action A = act(ActionKind::Read);
  A.Acc = Acc;
  return A;
}
inline Action wr(AccessId Acc) {
  Action A = act(ActionKind::Write);
  A.Acc = Acc;
  return A;
}
inline Action create(unsigned Site) {
  Action A = act(ActionKind::Create);
  A.Creation = Site;
  return A;
}
inline Action lock(MemLoc M, LockMode Mode = LockMode::Exclusive,
                   LockKind K = LockKind::Mutex) {
  Action A = act(ActionKind::Lock, {M});
  A.Mode = Mode;
  A.Lock = K;
  return A;
}
inline Action unlock(MemLoc M) { return act(ActionKind::Unlock, {M}); }
inline Action wait(MemLoc C, MemLoc M) {
  Action A = act(ActionKind::Wait, {C});
  A.Mutex = {M};
  return A;
}
inline Action withVar(Action A, DataVarId V) {
  A.Var = V;
  return A;
}
inline Action assign(DataVarId V, int64_t C) {
  Action A = act(ActionKind::Assign);
  A.Var = V;
  A.HasConst = true;
  A.Const = C;
  return A;
}
inline Action assume(DataVarId V, GuardPred P, int64_t C) {
  Action A = act(ActionKind::Assume);
  A.Var = V;
  A.Pred = P;
  A.Const = C;
  return A;
}

/// V := V + C (the counter convention: an Assign with SrcVar set).
inline Action increment(DataVarId V, int64_t C = 1) {
  Action A = act(ActionKind::Assign);
  A.Var = V;
  A.SrcVar = V;
  A.Const = C;
  return A;
}
inline Action join(MemLoc H) { return act(ActionKind::Join, {H}); }

/// Appends `for (V = 0; V < N; V += Step) Body;` to T's graph.
inline void countedLoop(Model &M, TemplateId T, DataVarId V, int64_t N,
                        Action Body, Action Step) {
  M.seq(T, {assign(V, 0)});
  NodeId Head = M.last(T), B = M.node(T), B2 = M.node(T);
  NodeId Exit = M.node(T); // Last node: seq() continues from here.
  M.edge(T, Head, B, assume(V, GuardPred::LT, N));
  M.edge(T, B, B2, std::move(Body));
  M.edge(T, B2, Head, std::move(Step));
  M.edge(T, Head, Exit, assume(V, GuardPred::GE, N));
}

inline ModelCheckOptions noPOR() {
  ModelCheckOptions O;
  O.PartialOrderReduction = false;
  return O;
}

/// main: create worker; [main accesses]; join. worker: [worker accesses].
struct TwoThreads : Model {
  TemplateId W;
  MemLoc H;
  unsigned S;
  TwoThreads() {
    W = tmpl("worker");
    H = global("t");
    S = site({W}, H);
  }
};

} // namespace mctest

} // namespace racesift

#endif // RACESIFT_TEST_UNIT_MODELCHECKTESTMODEL_H
