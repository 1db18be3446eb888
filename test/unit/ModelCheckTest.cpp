//===- ModelCheckTest.cpp - Transition rules on hand-built graphs -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "../../lib/ModelCheck/Explorer.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <random>

using namespace racesift;

namespace {

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

  LocationVerdict check(ModelCheckOptions Opts = {}) {
    mc::ExplorerInput In;
    In.TM = &TM;
    In.Graphs = Gs;
    In.Loc = X;
    In.InitialValues = Init;
    In.SyncInit = SyncInit;
    In.OnceBodies = OnceBodies;
    return mc::explore(In, Opts);
  }
  std::map<DataVarId, int64_t> Init;
  std::vector<std::pair<MemLoc, int64_t>> SyncInit;
  std::map<const llvm::Function *, ThreadGraph> OnceBodies;
};

Action act(ActionKind K, std::vector<MemLoc> Objs = {}) {
  Action A;
  A.Kind = K;
  A.Objects = Objs;
  A.MustObject = Objs.size() == 1;
  return A;
}
Action rd(AccessId Acc) {
  Action A = act(ActionKind::Read);
  A.Acc = Acc;
  return A;
}
Action wr(AccessId Acc) {
  Action A = act(ActionKind::Write);
  A.Acc = Acc;
  return A;
}
Action create(unsigned Site) {
  Action A = act(ActionKind::Create);
  A.Creation = Site;
  return A;
}
Action lock(MemLoc M, LockMode Mode = LockMode::Exclusive,
            LockKind K = LockKind::Mutex) {
  Action A = act(ActionKind::Lock, {M});
  A.Mode = Mode;
  A.Lock = K;
  return A;
}
Action unlock(MemLoc M) { return act(ActionKind::Unlock, {M}); }
Action wait(MemLoc C, MemLoc M) {
  Action A = act(ActionKind::Wait, {C});
  A.Mutex = {M};
  return A;
}
Action withVar(Action A, DataVarId V) {
  A.Var = V;
  return A;
}
Action assign(DataVarId V, int64_t C) {
  Action A = act(ActionKind::Assign);
  A.Var = V;
  A.HasConst = true;
  A.Const = C;
  return A;
}
Action assume(DataVarId V, GuardPred P, int64_t C) {
  Action A = act(ActionKind::Assume);
  A.Var = V;
  A.Pred = P;
  A.Const = C;
  return A;
}

ModelCheckOptions noPOR() {
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

} // namespace

TEST_CASE("create then unordered accesses race, with a witness", "[mc]") {
  TwoThreads M;
  M.seq(0,
        {create(M.S), rd(M.access(false, 21)), act(ActionKind::Join, {M.H})});
  M.seq(M.W, {wr(M.access(true, 8))});
  for (ModelCheckOptions O : {ModelCheckOptions(), noPOR()}) {
    LocationVerdict V = M.check(O);
    REQUIRE(V.V == Verdict::Race);
    REQUIRE(V.W.Steps.size() == 3);
    CHECK(V.W.Steps[0].ThreadName == "main");
    CHECK(V.W.Steps[0].Step == "create worker#1");
    CHECK(V.W.Steps[1].Loc.Line + V.W.Steps[2].Loc.Line == 29);
    CHECK(V.W.Steps[1].Thread != V.W.Steps[2].Thread);
  }
}

TEST_CASE("join orders the accesses: refuted", "[mc]") {
  TwoThreads M;
  M.seq(0, {wr(M.access(true, 5)), create(M.S), act(ActionKind::Join, {M.H}),
            rd(M.access(false, 21))});
  M.seq(M.W, {wr(M.access(true, 8))});
  CHECK(M.check().V == Verdict::Refuted);
  CHECK(M.check(noPOR()).V == Verdict::Refuted);
}

TEST_CASE("two reads never race; atomic pairs never race", "[mc]") {
  TwoThreads M;
  M.seq(0, {create(M.S), rd(M.access(false, 21))});
  M.seq(M.W, {rd(M.access(false, 8))});
  CHECK(M.check().V == Verdict::Refuted);
  TwoThreads A;
  A.seq(0, {create(A.S), wr(A.access(true, 21, true))});
  A.seq(A.W, {wr(A.access(true, 8, true))});
  CHECK(A.check().V == Verdict::Refuted);
}

TEST_CASE("a start routine races with its second instance", "[mc]") {
  TwoThreads M;
  M.TM.Creations[M.S].InLoop = true;
  // main: loop { create } ; worker: write x.
  NodeId L = M.last(0);
  NodeId End = M.node(0);
  M.edge(0, L, L, create(M.S));
  M.edge(0, L, End, act(ActionKind::Internal));
  M.seq(M.W, {wr(M.access(true, 8))});
  ModelCheckOptions O;
  O.ThreadBound = 1;
  LocationVerdict V1 = M.check(O);
  CHECK(V1.V == Verdict::Refuted);
  CHECK(V1.BoundMayCut);
  CHECK(V1.Reason.find("thread bound 1") != std::string::npos);
  LocationVerdict V2 = M.check();
  REQUIRE(V2.V == Verdict::Race);
  CHECK(V2.W.Steps.back().ThreadName == "worker#2");
}

TEST_CASE("cancel terminates the target, or does nothing", "[mc]") {
  TwoThreads M;
  // worker: wait for ever on a semaphore, then write x. main: cancel, write.
  MemLoc Sem = M.global("s");
  M.seq(0, {create(M.S), act(ActionKind::Cancel, {M.H}),
            act(ActionKind::SemPost, {Sem}), act(ActionKind::Join, {M.H}),
            wr(M.access(true, 30))});
  M.seq(M.W, {act(ActionKind::SemWait, {Sem}), wr(M.access(true, 8))});
  // The cancel always hits the blocked worker (cancel2): refuted.
  CHECK(M.check().V == Verdict::Refuted);
  // Without the join the cancelled worker is gone anyway; but when main
  // cancels before creating, nothing happens and the race is real.
  TwoThreads N;
  N.seq(0,
        {act(ActionKind::Cancel, {N.H}), create(N.S), wr(N.access(true, 30))});
  N.seq(N.W, {wr(N.access(true, 8))});
  CHECK(N.check().V == Verdict::Race);
}

TEST_CASE("mutex: acq blocks while owned", "[mc]") {
  TwoThreads M;
  MemLoc Mu = M.global("m");
  M.seq(0, {create(M.S), lock(Mu), wr(M.access(true, 21)), unlock(Mu)});
  M.seq(M.W, {lock(Mu), wr(M.access(true, 8)), unlock(Mu)});
  CHECK(M.check().V == Verdict::Refuted);
  CHECK(M.check(noPOR()).V == Verdict::Refuted);
}

TEST_CASE("rel by a non-owner: POSIX blocks, Linux option frees", "[mc]") {
  TwoThreads M;
  MemLoc Mu = M.global("m");
  // main locks m and keeps it; worker unlocks m and then locks it.
  M.seq(0, {lock(Mu), create(M.S), wr(M.access(true, 21))});
  M.seq(M.W, {unlock(Mu), lock(Mu), wr(M.access(true, 8))});
  CHECK(M.check().V == Verdict::Refuted);
  ModelCheckOptions O;
  O.AnyThreadMayUnlock = true;
  CHECK(M.check(O).V == Verdict::Race);
}

TEST_CASE("trylock: both outcomes when free, failure when owned", "[mc]") {
  TwoThreads M;
  MemLoc Mu = M.global("m");
  DataVarId R = M.var("r", false);
  // worker: if (trylock(m) == 0) { write x; unlock }.
  M.seq(0, {create(M.S), lock(Mu), wr(M.access(true, 21)), unlock(Mu)});
  M.seq(M.W, {withVar(act(ActionKind::TryLock, {Mu}), R)});
  NodeId T = M.last(M.W), Ok = M.node(M.W), A = M.node(M.W), B = M.node(M.W),
         Fail = M.node(M.W);
  M.edge(M.W, T, Ok, assume(R, GuardPred::EQ, 0));
  M.edge(M.W, T, Fail, assume(R, GuardPred::NE, 0));
  M.edge(M.W, Ok, A, wr(M.access(true, 8)));
  M.edge(M.W, A, B, unlock(Mu));
  CHECK(M.check().V == Verdict::Refuted);
  // Writing on the failure branch is a race.
  M.edge(M.W, Fail, M.node(M.W), wr(M.access(true, 9)));
  LocationVerdict V = M.check();
  REQUIRE(V.V == Verdict::Race);
  bool SawFail = false;
  for (const WitnessStep &S : V.W.Steps)
    SawFail = SawFail || S.Step.find("(fails)") != std::string::npos;
  CHECK(SawFail);
}

TEST_CASE("rwlock: readers share, a writer excludes", "[mc]") {
  TwoThreads M;
  MemLoc RW = M.global("rw");
  auto Rd = lock(RW, LockMode::Shared, LockKind::RWLock);
  auto Wr = lock(RW, LockMode::Exclusive, LockKind::RWLock);
  M.seq(0, {create(M.S), Wr, wr(M.access(true, 21)), unlock(RW)});
  M.seq(M.W, {Rd, rd(M.access(false, 8)), unlock(RW)});
  CHECK(M.check().V == Verdict::Refuted);
  TwoThreads N;
  MemLoc RW2 = N.global("rw");
  auto Rd2 = lock(RW2, LockMode::Shared, LockKind::RWLock);
  N.seq(0, {create(N.S), Rd2, wr(N.access(true, 21)), unlock(RW2)});
  N.seq(N.W, {Rd2, rd(N.access(false, 8)), unlock(RW2)});
  CHECK(N.check().V == Verdict::Race);
}

TEST_CASE("condition variable hand-off with a flag is refuted", "[mc]") {
  TwoThreads M;
  MemLoc Mu = M.global("m"), Cv = M.global("c");
  DataVarId Ready = M.var("ready");
  M.Init[Ready] = 0;
  // worker: x = 1; lock; ready = 1; signal; unlock.
  M.seq(M.W, {wr(M.access(true, 8)), lock(Mu), assign(Ready, 1),
              act(ActionKind::Signal, {Cv}), unlock(Mu)});
  // main: create; lock; while (!ready) wait; unlock; read x.
  M.seq(0, {create(M.S), lock(Mu)});
  NodeId Loop = M.last(0), Body = M.node(0), After = M.node(0);
  M.edge(0, Loop, Body, assume(Ready, GuardPred::EQ, 0));
  M.edge(0, Body, Loop, wait(Cv, Mu));
  M.edge(0, Loop, After, assume(Ready, GuardPred::NE, 0));
  M.seq(0, {unlock(Mu), rd(M.access(false, 30))});
  CHECK(M.check().V == Verdict::Refuted);
  CHECK(M.check(noPOR()).V == Verdict::Refuted);
  ModelCheckOptions Sp;
  Sp.SpuriousWakeups = true; // The loop re-tests the flag: still refuted.
  CHECK(M.check(Sp).V == Verdict::Refuted);
}

TEST_CASE("a signal with no waiter is lost", "[mc]") {
  // sig signals and is joined; only then is the waiter created. A lost
  // signal leaves the waiter blocked, so its write never meets main's.
  TwoThreads M;
  TemplateId Sig = M.tmpl("sig");
  MemLoc H1 = M.global("t1");
  unsigned S1 = M.site({Sig}, H1);
  MemLoc Mu = M.global("m"), Cv = M.global("c");
  M.seq(Sig, {act(ActionKind::Signal, {Cv})});
  M.seq(M.W, {lock(Mu), wait(Cv, Mu), unlock(Mu), wr(M.access(true, 8))});
  M.seq(0, {create(S1), act(ActionKind::Join, {H1}), create(M.S),
            wr(M.access(true, 30))});
  CHECK(M.check().V == Verdict::Refuted);
  CHECK(M.check(noPOR()).V == Verdict::Refuted);
  // With spurious wake-ups the waiter may leave the wait anyway.
  ModelCheckOptions Sp;
  Sp.SpuriousWakeups = true;
  LocationVerdict V = M.check(Sp);
  REQUIRE(V.V == Verdict::Race);
  bool Spurious = false;
  for (const WitnessStep &S : V.W.Steps)
    Spurious = Spurious || S.Step.find("spurious") == 0;
  CHECK(Spurious);
}

TEST_CASE("broadcast wakes every waiter", "[mc]") {
  TwoThreads M;
  MemLoc Mu = M.global("m"), Cv = M.global("c");
  M.TM.Creations[M.S].InLoop = true;
  // Two workers wait, then write x; main broadcasts once.
  M.seq(M.W, {lock(Mu), wait(Cv, Mu), unlock(Mu), wr(M.access(true, 8))});
  M.seq(0, {create(M.S), create(M.S), act(ActionKind::Broadcast, {Cv})});
  CHECK(M.check().V == Verdict::Race);
  // A signal wakes only one of them (and is lost if none waits yet).
  M.Gs[0].Edges[2].A.Kind = ActionKind::Signal;
  CHECK(M.check().V == Verdict::Refuted);
}

TEST_CASE("barrier separates phases", "[mc]") {
  TwoThreads M;
  MemLoc B = M.global("b");
  M.TM.Creations[M.S].InLoop = true;
  // worker#k: write x (phase 1); barrier; read x (phase 2).
  // With the count 2 from pthread_barrier_init, phase 2 reads never meet
  // phase 1 writes, but the two phase-1 writes race.
  M.SyncInit.push_back({B, 2});
  M.seq(0, {create(M.S), create(M.S)});
  M.seq(M.W, {act(ActionKind::BarrierWait, {B}), rd(M.access(false, 9))});
  CHECK(M.check().V == Verdict::Refuted);
  M.Gs[M.W] = ThreadGraph();
  M.Gs[M.W].NumNodes = 1;
  M.Gs[M.W].Succs.resize(1);
  M.seq(M.W, {wr(M.access(true, 7)), act(ActionKind::BarrierWait, {B}),
              rd(M.access(false, 9))});
  LocationVerdict V = M.check();
  REQUIRE(V.V == Verdict::Race);
  CHECK(V.W.Steps.back().Loc.Line == 7);
}

TEST_CASE("semaphore hand-off orders the accesses", "[mc]") {
  TwoThreads M;
  MemLoc S = M.global("s");
  M.seq(M.W, {wr(M.access(true, 8)), act(ActionKind::SemPost, {S})});
  M.seq(0,
        {create(M.S), act(ActionKind::SemWait, {S}), rd(M.access(false, 30))});
  CHECK(M.check().V == Verdict::Refuted);
  M.SyncInit.push_back({S, 1}); // sem_init(&s, 0, 1): no hand-off.
  CHECK(M.check().V == Verdict::Race);
}

TEST_CASE("test-and-set flag idiom is refuted", "[mc]") {
  TwoThreads M;
  M.TM.Creations[M.S].InLoop = true;
  DataVarId Busy = M.var("busy");
  M.Init[Busy] = 0;
  // worker: lock; if (!busy) { busy = 1; unlock; write x } else unlock.
  MemLoc Mu = M.global("m");
  M.seq(M.W, {lock(Mu)});
  NodeId T = M.last(M.W), Claim = M.node(M.W), Skip = M.node(M.W);
  M.edge(M.W, T, Claim, assume(Busy, GuardPred::EQ, 0));
  M.edge(M.W, T, Skip, assume(Busy, GuardPred::NE, 0));
  NodeId A = M.node(M.W), B = M.node(M.W), End = M.node(M.W);
  M.edge(M.W, Claim, A, assign(Busy, 1));
  M.edge(M.W, A, B, unlock(Mu));
  M.edge(M.W, B, End, wr(M.access(true, 8)));
  M.edge(M.W, Skip, End, unlock(Mu));
  M.seq(0, {create(M.S), create(M.S)});
  CHECK(M.check().V == Verdict::Refuted);
  // Unknown initial value: both branches, still one claimer at a time.
  M.Init.clear();
  CHECK(M.check().V == Verdict::Refuted);
}

TEST_CASE("pthread_once runs the init body once", "[mc]") {
  TwoThreads M;
  M.TM.Creations[M.S].InLoop = true;
  MemLoc Ctl = M.global("once");
  const auto *Fn = reinterpret_cast<const llvm::Function *>(&M);
  ThreadGraph Body;
  Body.NumNodes = 2;
  Body.Succs.resize(2);
  Body.Edges.push_back({0, 1, wr(M.access(true, 3))});
  Body.Succs[0].push_back(0);
  M.OnceBodies[Fn] = Body;
  Action O = act(ActionKind::Once, {Ctl});
  O.Callees = {Fn};
  M.seq(M.W, {O, rd(M.access(false, 9))});
  M.seq(0, {create(M.S), create(M.S)});
  // The init write happens once, before any caller passes the once.
  CHECK(M.check().V == Verdict::Refuted);
  CHECK(M.check(noPOR()).V == Verdict::Refuted);
  // Without the once control both workers would write.
  M.Gs[M.W].Edges[0].A = wr(M.access(true, 3));
  CHECK(M.check().V == Verdict::Race);
}

TEST_CASE("partial-order reduction keeps verdicts with fewer states", "[mc]") {
  // Three workers, each locking its own mutex around private work, and a
  // final unprotected write by each: a race, found with and without POR.
  Model M;
  TemplateId W = M.tmpl("worker");
  MemLoc H = M.global("t", false);
  unsigned S = M.site({W}, H, true);
  MemLoc Mu = M.global("m");
  DataVarId Own = M.var("own", false);
  M.seq(W, {lock(Mu), assign(Own, 1), unlock(Mu), lock(Mu), assign(Own, 2),
            unlock(Mu), act(ActionKind::Internal), rd(M.access(false, 8))});
  M.seq(0, {create(S), create(S), create(S), act(ActionKind::Join, {H}),
            wr(M.access(true, 40))});
  ModelCheckOptions O;
  O.ThreadBound = 3;
  LocationVerdict On = M.check(O);
  O.PartialOrderReduction = false;
  LocationVerdict Off = M.check(O);
  CHECK(On.V == Verdict::Refuted);
  CHECK(Off.V == Verdict::Refuted);
  CHECK(On.Stats.States < Off.Stats.States);
  CHECK(On.Stats.BytesPerState > 0);
}

TEST_CASE("the state budget gives unknown", "[mc]") {
  TwoThreads M;
  MemLoc Mu = M.global("m");
  M.seq(0, {create(M.S), lock(Mu), wr(M.access(true, 21)), unlock(Mu)});
  M.seq(M.W, {lock(Mu), wr(M.access(true, 8)), unlock(Mu)});
  ModelCheckOptions O;
  O.MaxStates = 3;
  LocationVerdict V = M.check(O);
  CHECK(V.V == Verdict::Unknown);
  CHECK(V.Reason == "state budget 3 exhausted");
}

namespace {

/// A random program over a few locks, a condition variable, a semaphore, a
/// shared flag and accesses of x: one template created up to twice.
Model randomModel(std::mt19937 &R) {
  Model M;
  TemplateId W = M.tmpl("worker");
  MemLoc H = M.global("t", false);
  unsigned S = M.site({W}, H, true);
  MemLoc L1 = M.global("m1"), L2 = M.global("m2"), Cv = M.global("c"),
         Sem = M.global("s"), Bar = M.global("b");
  DataVarId F = M.var("flag");
  M.Init[F] = 0;
  auto Pick = [&](unsigned N) { return unsigned(R() % N); };
  auto Random = [&](TemplateId T, unsigned Len) {
    for (unsigned K = 0; K < Len; ++K) {
      NodeId From = M.last(T), To = M.node(T);
      switch (Pick(15)) {
      case 0:
        M.edge(T, From, To, lock(Pick(2) ? L1 : L2));
        break;
      case 1:
        M.edge(T, From, To, unlock(Pick(2) ? L1 : L2));
        break;
      case 2:
        M.edge(T, From, To, rd(M.access(false, 100 + K)));
        break;
      case 3:
        M.edge(T, From, To, wr(M.access(true, 200 + K)));
        break;
      case 4:
        M.edge(T, From, To, assign(F, Pick(2)));
        break;
      case 5: // if (flag == c) skip else step.
        M.edge(T, From, To, assume(F, GuardPred::EQ, Pick(2)));
        M.edge(T, From, To, assume(F, GuardPred::NE, 0));
        break;
      case 6:
        M.edge(T, From, To, act(ActionKind::SemPost, {Sem}));
        break;
      case 7:
        M.edge(T, From, To, act(ActionKind::SemWait, {Sem}));
        break;
      case 8:
        M.edge(T, From, To, act(ActionKind::Signal, {Cv}));
        break;
      case 9:
        M.edge(T, From, To, wait(Cv, L1));
        break;
      case 10:
        M.edge(T, From, To, withVar(act(ActionKind::TryLock, {L2}), F));
        break;
      case 11:
        M.edge(T, From, To, act(ActionKind::Broadcast, {Cv}));
        break;
      case 12:
        M.edge(T, From, To, act(ActionKind::Cancel, {H}));
        break;
      case 13:
        M.edge(T, From, To, act(ActionKind::BarrierWait, {Bar}));
        break;
      default:
        M.edge(T, From, To, act(ActionKind::Internal));
        break;
      }
    }
  };
  Random(W, 3 + Pick(5));
  M.seq(0, {create(S)});
  Random(0, 1 + Pick(3));
  M.seq(0, {create(S)});
  Random(0, 1 + Pick(4));
  M.seq(0, {act(ActionKind::Join, {H})});
  Random(0, Pick(3));
  return M;
}

} // namespace

TEST_CASE("POR and no POR agree on random programs", "[mc]") {
  std::mt19937 R(12345);
  uint64_t StatesOn = 0, StatesOff = 0;
  unsigned Races = 0;
  for (unsigned I = 0; I < 600; ++I) {
    Model M = randomModel(R);
    ModelCheckOptions On;
    On.SpuriousWakeups = I % 3 == 0;
    On.AnyThreadMayUnlock = I % 5 == 0;
    ModelCheckOptions Off = On;
    Off.PartialOrderReduction = false;
    LocationVerdict A = M.check(On), B = M.check(Off);
    INFO("program " << I);
    REQUIRE(A.V == B.V);
    Races += A.V == Verdict::Race;
    StatesOn += A.Stats.States;
    StatesOff += B.Stats.States;
  }
  CHECK(StatesOn < StatesOff);
  // Both verdicts occur often enough for the comparison to mean something.
  CHECK(Races > 50);
  CHECK(Races < 500);
}

// Benchmark (hidden; run with `racesift-unittests "[.bench]"`): N workers,
// each with private locked work and a read of x, and main writing x after
// joining them all. The space must be exhausted, with and without POR.
TEST_CASE("explorer benchmark on growing thread counts", "[.bench]") {
  std::printf("%-8s %-8s %-4s %10s %12s %10s %12s %6s\n", "threads", "work",
              "por", "states", "transitions", "seconds", "states/s", "B/st");
  for (bool Private : {false, true})
    for (unsigned N = 1; N <= 6; ++N)
      for (bool POR : {true, false}) {
        Model M;
        TemplateId W = M.tmpl("worker");
        MemLoc H = M.global("t", false);
        unsigned S = M.site({W}, H, true);
        std::vector<MemLoc> Locks;
        for (unsigned K = 0; K < N; ++K)
          Locks.push_back(M.global("m" + std::to_string(K)));
        // Each instance's lock is the same abstract one: a shared mutex.
        DataVarId Own = M.var("own", false);
        if (Private) // Thread-local tracked steps: independent of the others.
          M.seq(W, {assign(Own, 1), assign(Own, 2), assign(Own, 3),
                    rd(M.access(false, 8)), assign(Own, 4)});
        else
          M.seq(W, {lock(Locks[0]), act(ActionKind::Internal), unlock(Locks[0]),
                    rd(M.access(false, 8)), lock(Locks[0]), unlock(Locks[0])});
        for (unsigned K = 0; K < N; ++K)
          M.seq(0, {create(S)});
        M.seq(0, {act(ActionKind::Join, {H}), wr(M.access(true, 40))});
        ModelCheckOptions O;
        O.ThreadBound = N;
        O.PartialOrderReduction = POR;
        O.MaxStates = 5000000;
        O.TimeoutSeconds = 120;
        LocationVerdict V = M.check(O);
        CHECK(V.V == Verdict::Refuted);
        std::printf("%-8u %-8s %-4s %10llu %12llu %10.3f %12.0f %6llu\n", N,
                    Private ? "private" : "locked", POR ? "on" : "off",
                    (unsigned long long)V.Stats.States,
                    (unsigned long long)V.Stats.Transitions, V.Stats.Seconds,
                    V.Stats.Seconds > 0 ? V.Stats.States / V.Stats.Seconds
                                        : 0.0,
                    (unsigned long long)V.Stats.BytesPerState);
      }
}

TEST_CASE("a counted join loop runs at least once", "[mc]") {
  // main: for (i = 0; i < 4; ++i) create(&t[i]); for (j = 0; j < 4; ++j)
  // join(t[j]); write x. The counters are tracked as i := 0, i := unknown
  // (++i) and i < 4, so the join loop cannot be skipped; the array handle
  // makes the join wait for every instance.
  Model M;
  TemplateId W = M.tmpl("worker");
  MemLoc H{M.global("t", true).Obj, AnyOffset};
  unsigned S = M.site({W}, H, true);
  DataVarId I = M.var("i", false), J = M.var("j", false);
  M.seq(W, {wr(M.access(true, 8))});
  Action Inc = act(ActionKind::Assign);
  auto Loop = [&](DataVarId V, Action Body) {
    M.seq(0, {assign(V, 0)});
    NodeId Head = M.last(0), B = M.node(0), B2 = M.node(0);
    NodeId Exit = M.node(0); // Last node: seq() continues from here.
    Action Bump = Inc;
    Bump.Var = V;
    M.edge(0, Head, B, assume(V, GuardPred::LT, 4));
    M.edge(0, B, B2, Body);
    M.edge(0, B2, Head, Bump);
    M.edge(0, Head, Exit, assume(V, GuardPred::GE, 4));
  };
  Loop(I, create(S));
  Loop(J, act(ActionKind::Join, {H}));
  M.seq(0, {rd(M.access(false, 40))});
  LocationVerdict V = M.check();
  CHECK(V.V == Verdict::Race); // The two workers race with each other...
  CHECK(V.W.Steps.back().ThreadName.find("worker#") == 0);
  // ...but main's read never meets a worker's write.
  M.Gs[W].Edges[0].A = rd(M.access(false, 8));
  M.Gs[0].Edges.back().A = wr(M.access(true, 40));
  CHECK(M.check().V == Verdict::Refuted);
  // Without the counters the join loop may run zero times: a race.
  for (ActionEdge &E : M.Gs[0].Edges)
    if (E.A.Kind == ActionKind::Assign || E.A.Kind == ActionKind::Assume)
      E.A = act(ActionKind::Internal);
  CHECK(M.check().V == Verdict::Race);
}
