//===- ModelCheckAtomicsTest.cpp - Atomic updates of tracked data -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ModelCheckTestModel.h"

#include <catch2/catch.hpp>

using namespace racesift;
using namespace racesift::mctest;

namespace {

Action update(DataVarId V, AtomicOp Op, DataVarId Result, bool HasConst = true,
              int64_t C = 1) {
  Action A = act(ActionKind::AtomicUpdate);
  A.Var = V;
  A.Op = Op;
  A.ResultVar = Result;
  A.HasConst = HasConst;
  A.Const = C;
  return A;
}

/// Two workers: `while (!spin) ; write x; release`, where spin is one
/// atomic action and Held the guard on its result that means "acquired".
struct SpinLock : TwoThreads {
  DataVarId Lk;
  SpinLock() {
    TM.Creations[S].InLoop = true;
    Lk = var("lk");
    Init[Lk] = 0;
    seq(0, {create(S), create(S)});
  }
  /// Worker: Spin, then branch on Ok (acquired) or Retry, then Body.
  void worker(Action Spin, Action Ok, Action Retry, std::vector<Action> Body) {
    NodeId Head = last(W), T = node(W), In = node(W);
    edge(W, Head, T, std::move(Spin));
    edge(W, T, Head, std::move(Retry));
    edge(W, T, In, std::move(Ok));
    seq(W, std::move(Body));
  }
};

} // namespace

TEST_CASE("test-and-set: one atomic exchange per attempt excludes", "[mc]") {
  for (bool Known : {true, false}) {
    SpinLock M;
    DataVarId R = M.var("r", false);
    Action Tas = update(M.Lk, AtomicOp::Exchange, R, Known);
    M.worker(Tas, assume(R, GuardPred::EQ, 0), assume(R, GuardPred::NE, 0),
             {wr(M.access(true, 8)), assign(M.Lk, 0)});
    // An exchange with an unknown new value cannot be trusted to lock.
    CHECK(M.check().V == (Known ? Verdict::Refuted : Verdict::Race));
    CHECK(M.check(noPOR()).V == (Known ? Verdict::Refuted : Verdict::Race));
  }
}

TEST_CASE("compare-exchange: success only when equal, weak may fail", "[mc]") {
  for (bool Weak : {false, true}) {
    for (bool KnownInit : {true, false}) {
      SpinLock M;
      if (!KnownInit)
        M.Init.clear();
      DataVarId Old = M.var("old", false), Ok = M.var("ok", false);
      Action Cx = update(M.Lk, AtomicOp::CompareExchange, Old);
      Cx.OkVar = Ok;
      Cx.HasExpected = true;
      Cx.ExpectedConst = 0;
      Cx.Weak = Weak;
      M.worker(Cx, assume(Ok, GuardPred::NE, 0), assume(Ok, GuardPred::EQ, 0),
               {wr(M.access(true, 8)), assign(M.Lk, 0)});
      // Even from an unknown lock word only one thread succeeds first: the
      // success writes 1, which the other then compares with 0.
      CHECK(M.check().V == Verdict::Refuted);
    }
  }
}

TEST_CASE("compare-exchange with an unknown expected value excludes nothing",
          "[mc]") {
  SpinLock M;
  DataVarId Old = M.var("old", false), Ok = M.var("ok", false);
  DataVarId E = M.var("e", false); // Never assigned: unknown.
  Action Cx = update(M.Lk, AtomicOp::CompareExchange, Old);
  Cx.OkVar = Ok;
  Cx.SrcVar = E;
  M.worker(Cx, assume(Ok, GuardPred::NE, 0), assume(Ok, GuardPred::EQ, 0),
           {wr(M.access(true, 8)), assign(M.Lk, 0)});
  CHECK(M.check().V == Verdict::Race);
}

TEST_CASE("ticket lock: fetch_add tickets and a two-variable guard", "[mc]") {
  for (bool Early : {false, true}) {
    SpinLock M;
    DataVarId Next = M.var("next"), Serving = M.var("serving");
    M.Init[Next] = 0;
    M.Init[Serving] = 0;
    DataVarId My = M.var("my", false), Now = M.var("now", false);
    M.seq(M.W, {update(Next, AtomicOp::Add, My)});
    Action Wait = assume(Now, GuardPred::NE, 0);
    Wait.RhsVar = My;
    Action Go = assume(Now, GuardPred::EQ, 0);
    Go.RhsVar = My;
    Action Serve = update(Serving, AtomicOp::Add, NoDataVar);
    std::vector<Action> Body = {wr(M.access(true, 8)), Serve};
    if (Early)
      std::swap(Body[0], Body[1]);
    M.worker(update(Serving, AtomicOp::Load, Now), Go, Wait, Body);
    CHECK(M.check().V == (Early ? Verdict::Race : Verdict::Refuted));
    CHECK(M.check(noPOR()).V == (Early ? Verdict::Race : Verdict::Refuted));
  }
}

TEST_CASE("a comparison's result is assigned as 1 or 0", "[mc]") {
  // worker: lock; ok := (busy == 0); if (ok) busy = 1; unlock;
  //         if (ok) write x.
  SpinLock M;
  DataVarId Busy = M.Lk, Ok = M.var("ok", false);
  MemLoc Mu = M.global("m");
  Action Claim = act(ActionKind::Assign);
  Claim.Var = Ok;
  Claim.Compare = true;
  Claim.SrcVar = Busy;
  Claim.Pred = GuardPred::EQ;
  Claim.Const = 0;
  M.seq(M.W, {lock(Mu), Claim});
  NodeId T = M.last(M.W), Set = M.node(M.W), Join = M.node(M.W);
  M.edge(M.W, T, Set, assume(Ok, GuardPred::NE, 0));
  M.edge(M.W, T, Join, assume(Ok, GuardPred::EQ, 0));
  M.edge(M.W, Set, Join, assign(Busy, 1));
  M.seq(M.W, {unlock(Mu)});
  NodeId U = M.last(M.W), Mine = M.node(M.W), End = M.node(M.W);
  M.edge(M.W, U, Mine, assume(Ok, GuardPred::NE, 0));
  M.edge(M.W, U, End, assume(Ok, GuardPred::EQ, 0));
  M.edge(M.W, Mine, End, wr(M.access(true, 8)));
  CHECK(M.check().V == Verdict::Refuted);
}

TEST_CASE("a guarded atomic section is entered only when its guard holds",
          "[mc]") {
  uint64_t States[2] = {0, 0};
  for (bool Guarded : {true, false}) {
    SpinLock M;
    MemLoc Sec = M.global("<atomic section>");
    Action Acq = lock(Sec, LockMode::Exclusive, LockKind::AtomicSection);
    Action Rel = unlock(Sec);
    Rel.Lock = LockKind::AtomicSection;
    Action GuardedAcq = Acq;
    if (Guarded) {
      GuardedAcq.Var = M.Lk;
      GuardedAcq.Pred = GuardPred::EQ;
      GuardedAcq.Const = 0;
    }
    // acquire: [assume lk == 0; lk = 1]; write x; release: [lk = 0].
    M.seq(M.W, {GuardedAcq, assume(M.Lk, GuardPred::EQ, 0), assign(M.Lk, 1),
                Rel, wr(M.access(true, 8)), Acq, assign(M.Lk, 0), Rel});
    LocationVerdict V = M.check();
    CHECK(V.V == Verdict::Refuted);
    States[Guarded] = V.Stats.States;
  }
  // Unguarded, a thread may also enter and block inside, holding the
  // section: states no execution has.
  CHECK(States[1] < States[0]);
}
