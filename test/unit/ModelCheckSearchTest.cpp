//===- ModelCheckSearchTest.cpp - POR agreement and benchmark ----*- C++
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

using namespace racesift;
using namespace racesift::mctest;

namespace {

/// A random program over a few locks, a condition variable, a semaphore, a
/// shared flag and accesses of x: one template created up to twice.
Model randomModel(std::mt19937 &R, bool Handles = false) {
  Model M;
  TemplateId W = M.tmpl("worker");
  MemLoc H = M.global("t", false);
  unsigned S = M.site({W}, H, true);
  MemLoc L1 = M.global("m1"), L2 = M.global("m2"), Cv = M.global("c"),
         Sem = M.global("s"), Bar = M.global("b");
  DataVarId F = M.var("flag");
  M.Init[F] = 0;
  // A second, scalar handle written by its own site (Handles only).
  MemLoc H2 = M.global("t2");
  unsigned S2 = M.site({W}, H2);
  auto Pick = [&](unsigned N) { return unsigned(R() % N); };
  auto Random = [&](TemplateId T, unsigned Len) {
    for (unsigned K = 0; K < Len; ++K) {
      NodeId From = M.last(T), To = M.node(T);
      switch (Pick(Handles ? 18 : 15)) {
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
      case 15:
        M.edge(T, From, To, act(ActionKind::Join, {H}));
        break;
      case 16:
        M.edge(T, From, To, act(ActionKind::Detach, {H}));
        break;
      case 17:
        M.edge(T, From, To, act(ActionKind::Join, {H2}));
        break;
      default:
        M.edge(T, From, To, act(ActionKind::Internal));
        break;
      }
    }
  };
  Random(W, 3 + Pick(5));
  M.seq(0, {create(Handles ? S2 : S)});
  Random(0, 1 + Pick(3));
  M.seq(0, {create(S)});
  Random(0, 1 + Pick(4));
  M.seq(0, {act(ActionKind::Join, {H})});
  Random(0, Pick(3));
  return M;
}

/// Two or three templates whose bodies are short runs of accesses of x
/// (a write then a read, reads only, ...), some of them right at the entry
/// and around one lock, created back to back: a thread whose only steps are
/// accesses must still be interleaved with one that only reads.
Model randomAccessShapes(std::mt19937 &R) {
  Model M;
  auto Pick = [&](unsigned N) { return unsigned(R() % N); };
  MemLoc L = M.global("m");
  unsigned NT = 2 + Pick(2);
  std::vector<unsigned> Sites;
  for (unsigned T = 0; T < NT; ++T) {
    TemplateId W = M.tmpl("w" + std::to_string(T));
    Sites.push_back(M.site({W}, M.global("t" + std::to_string(T))));
    unsigned Len = 1 + Pick(4);
    for (unsigned K = 0; K < Len; ++K) {
      switch (Pick(6)) {
      case 0:
      case 1:
        M.seq(W, {rd(M.access(false, 100 * T + K))});
        break;
      case 2:
      case 3:
        M.seq(W, {wr(M.access(true, 100 * T + K))});
        break;
      case 4:
        M.seq(W, {lock(L), wr(M.access(true, 100 * T + 50 + K)), unlock(L)});
        break;
      default:
        M.seq(W, {act(ActionKind::Internal)});
        break;
      }
    }
  }
  for (unsigned S : Sites)
    M.seq(0, {create(S)});
  if (Pick(2))
    M.seq(0, {Pick(2) ? rd(M.access(false, 900)) : wr(M.access(true, 901))});
  for (unsigned T = 0; T < NT; ++T)
    M.seq(0, {join(M.TM.Creations[Sites[T]].Handles[0])});
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
        for (unsigned K = 0; K < N; ++K)
          M.seq(0, {act(ActionKind::Join, {H})});
        M.seq(0, {wr(M.access(true, 40))});
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

TEST_CASE("POR and no POR agree on random programs with joins", "[mc]") {
  // Joins (array and scalar handles) and detaches anywhere, also in the
  // workers: exercises the join choices and their symmetry reduction.
  std::mt19937 R(777);
  unsigned Races = 0;
  for (unsigned I = 0; I < 400; ++I) {
    Model M = randomModel(R, true);
    ModelCheckOptions On;
    On.AnyThreadMayUnlock = I % 4 == 0;
    ModelCheckOptions Off = On;
    Off.PartialOrderReduction = false;
    LocationVerdict A = M.check(On), B = M.check(Off);
    INFO("program " << I);
    REQUIRE(A.V == B.V);
    Races += A.V == Verdict::Race;
  }
  CHECK(Races > 40);
  CHECK(Races < 360);
}

TEST_CASE("POR and no POR agree on threads that only access", "[mc]") {
  // The shapes the first random generator missed: one template writes then
  // reads x, another only reads it, right after creation (a move from a
  // write of x to a read of x changes the race property).
  {
    Model M;
    TemplateId W = M.tmpl("w"), Rd = M.tmpl("r");
    unsigned S1 = M.site({W}, M.global("t1")),
             S2 = M.site({Rd}, M.global("t2"));
    M.seq(W, {wr(M.access(true, 3)), rd(M.access(false, 3))});
    M.seq(Rd, {rd(M.access(false, 4))});
    M.seq(0, {create(S1), create(S2), join(M.TM.Creations[S1].Handles[0]),
              join(M.TM.Creations[S2].Handles[0])});
    CHECK(M.check().V == Verdict::Race);
    CHECK(M.check(noPOR()).V == Verdict::Race);
  }
  std::mt19937 R(4242);
  unsigned Races = 0;
  for (unsigned I = 0; I < 2000; ++I) {
    Model M = randomAccessShapes(R);
    ModelCheckOptions Off;
    Off.PartialOrderReduction = false;
    LocationVerdict A = M.check(), B = M.check(Off);
    INFO("program " << I);
    REQUIRE(A.V == B.V);
    Races += A.V == Verdict::Race;
  }
  CHECK(Races > 200);
  CHECK(Races < 1900);
}

TEST_CASE("A thread's invisible loop is chained, not stored", "[mc]") {
  // invisible-chain: workers each count in a local before reading x, main
  // writes x after creating them (racy) or after joining them. The race
  // needs a worker through its loop; without chains every order of the
  // creations and the other workers' steps stores the loop's states again.
  auto Build = [](bool Racy, int64_t N, unsigned Workers) {
    Model M;
    TemplateId W = M.tmpl("worker");
    MemLoc H = M.global("t", false);
    unsigned S = M.site({W}, H, true);
    DataVarId I = M.var("i", false);
    countedLoop(M, W, I, N, act(ActionKind::Internal), increment(I));
    M.seq(W, {rd(M.access(false, 8))});
    for (unsigned K = 0; K < Workers; ++K)
      M.seq(0, {create(S)});
    if (!Racy)
      for (unsigned K = 0; K < Workers; ++K)
        M.seq(0, {join(H)});
    M.seq(0, {wr(M.access(true, 40))});
    return M;
  };
  for (bool Racy : {true, false}) {
    INFO("racy " << Racy);
    // Small enough to exhaust without any reduction: the verdicts agree.
    ModelCheckOptions O;
    O.ThreadBound = 2;
    Model Small = Build(Racy, 6, 2);
    LocationVerdict A = Small.check(O), B = Small.check(noPOR());
    CHECK(A.V == (Racy ? Verdict::Race : Verdict::Refuted));
    CHECK(B.V == A.V);
    // Three workers counting to 200: a few states per order of the
    // visible steps, not one per loop step.
    O.ThreadBound = 3;
    LocationVerdict V = Build(Racy, 200, 3).check(O);
    CHECK(V.V == (Racy ? Verdict::Race : Verdict::Refuted));
    CHECK(V.Stats.ChainSteps > 0);
    CHECK(V.Stats.States * 20 < V.Stats.ChainSteps);
  }
}
