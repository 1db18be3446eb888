//===- ModelCheckTest.cpp - Transition rules on hand-built graphs -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ModelCheckTestModel.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <random>
#include <set>

using namespace racesift;
using namespace racesift::mctest;

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

TEST_CASE("instances never meet on objects each one owns", "[mc]") {
  // As above, but x is handed to each worker for itself (instance-owned):
  // the second instance writes its own x.
  TwoThreads M;
  M.TM.Creations[M.S].InLoop = true;
  M.TM.Objects[M.X.Obj].OwnedPerInstance = {M.W};
  NodeId L = M.last(0);
  NodeId End = M.node(0);
  M.edge(0, L, L, create(M.S));
  M.edge(0, L, End, act(ActionKind::Internal));
  M.seq(M.W, {wr(M.access(true, 8))});
  for (ModelCheckOptions O : {ModelCheckOptions(), noPOR()})
    CHECK(M.check(O).V == Verdict::Refuted);
  // The creator still races with the owner.
  TwoThreads C;
  C.TM.Objects[C.X.Obj].OwnedPerInstance = {C.W};
  C.seq(0, {create(C.S), rd(C.access(false, 21))});
  C.seq(C.W, {wr(C.access(true, 8))});
  CHECK(C.check().V == Verdict::Race);
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
            act(ActionKind::Join, {H}), act(ActionKind::Join, {H}),
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

TEST_CASE("idle lock entries cost no state bytes", "[mc]") {
  // A lock pointer that may denote any of N mutexes puts all N in the lock
  // table; a state stores only the held ones, so states do not grow with N.
  auto Run = [](unsigned N) {
    TwoThreads M;
    std::vector<MemLoc> Ms;
    for (unsigned I = 0; I < N; ++I)
      Ms.push_back(M.global("m" + std::to_string(I)));
    Action L = act(ActionKind::Lock, Ms), U = act(ActionKind::Unlock, Ms);
    M.seq(0, {create(M.S), L, wr(M.access(true, 21)), U});
    M.seq(M.W, {L, wr(M.access(true, 8)), U});
    return M.check();
  };
  LocationVerdict One = Run(1), Many = Run(64);
  CHECK(One.V == Verdict::Refuted);
  CHECK(Many.V == Verdict::Race);
  // Densely, 63 more idle locks would be 189 more bytes per state.
  CHECK(Many.Stats.BytesPerState < One.Stats.BytesPerState + 16);
}

TEST_CASE("a lock that may be many runtime locks excludes nothing", "[mc]") {
  // Two workers lock 'the' mutex around a write: exclusion only if the
  // abstract lock is one runtime lock (a global), not a heap site.
  for (bool Singleton : {true, false}) {
    Model M;
    TemplateId W = M.tmpl("worker");
    unsigned S = M.site({W}, M.global("t", false), true);
    MemLoc L = M.global("m", Singleton);
    Action Lock = lock(L), Unlock = unlock(L);
    Lock.MustObject = Unlock.MustObject = M.TM.isOneRuntimeObject({L});
    M.seq(W, {Lock, wr(M.access(true, 8)), Unlock});
    M.seq(0, {create(S), create(S)});
    for (ModelCheckOptions O : {ModelCheckOptions(), noPOR()})
      CHECK(M.check(O).V == (Singleton ? Verdict::Refuted : Verdict::Race));
  }
}

TEST_CASE("an unresolved unlock releases what its thread holds", "[mc]") {
  Model M;
  TemplateId W = M.tmpl("worker");
  unsigned S = M.site({W}, M.global("t", false), true);
  MemLoc L = M.global("m");
  // lock m; unlock <unresolved>; write x; unlock m.
  M.seq(W,
        {lock(L), act(ActionKind::Unlock), wr(M.access(true, 8)), unlock(L)});
  M.seq(0, {create(S), create(S)});
  CHECK(M.check().V == Verdict::Race);
  CHECK(M.check(noPOR()).V == Verdict::Race);
}

TEST_CASE("every racing access pair is reported with its witness", "[mc]") {
  // main: write x (1); read x (2). worker: read x (3); write x (4).
  // Racing pairs: 1-3, 1-4, 2-4; 2-3 are two reads.
  TwoThreads M;
  M.seq(0, {create(M.S), wr(M.access(true, 1)), rd(M.access(false, 2))});
  M.seq(M.W, {rd(M.access(false, 3)), wr(M.access(true, 4))});
  for (ModelCheckOptions O : {ModelCheckOptions(), noPOR()}) {
    LocationVerdict V = M.check(O);
    REQUIRE(V.V == Verdict::Race);
    std::set<std::pair<unsigned, unsigned>> Lines;
    auto Note = [&](const AccessContext &A, const AccessContext &B,
                    const Witness &W) {
      unsigned LA = M.TM.Accesses[A.Acc].Loc.Line,
               LB = M.TM.Accesses[B.Acc].Loc.Line;
      Lines.insert({std::min(LA, LB), std::max(LA, LB)});
      // The interleaving ends in the pair it confirms.
      REQUIRE(W.Steps.size() >= 2);
      CHECK(W.Steps[W.Steps.size() - 2].Loc.Line + W.Steps.back().Loc.Line ==
            LA + LB);
    };
    Note(V.First, V.Second, V.W);
    for (const RacePair &R : V.OtherRaces)
      Note(R.First, R.Second, R.W);
    CHECK(Lines ==
          std::set<std::pair<unsigned, unsigned>>{{1, 3}, {1, 4}, {2, 4}});
    CHECK_FALSE(V.PairsUndecided);
  }
}
