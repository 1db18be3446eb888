//===- ModelCheckHandlesTest.cpp - Counters, joins and handles ---*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ModelCheckTestModel.h"

#include <catch2/catch.hpp>

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace racesift;
using namespace racesift::mctest;

namespace {

/// A worker template whose only action is an access of x (Line 8), and a
/// thread handle t (global, singleton).
struct Pool : Model {
  TemplateId W;
  MemLoc T;
  Pool(bool WorkerWrites = true) {
    W = tmpl("worker");
    T = global("t");
    seq(W, {WorkerWrites ? wr(access(true, 8)) : rd(access(false, 8))});
  }
};

/// Debug-info types for handle objects.
struct Types {
  llvm::LLVMContext Ctx;
  llvm::Module Mod{"t", Ctx};
  llvm::DIBuilder DIB{Mod};
  llvm::DIType *PthreadT = DIB.createTypedef(
      DIB.createBasicType("unsigned long", 64, llvm::dwarf::DW_ATE_unsigned),
      "pthread_t", nullptr, 0, nullptr);
  llvm::DIType *Array = DIB.createArrayType(
      256, 64, PthreadT, DIB.getOrCreateArray({DIB.getOrCreateSubrange(0, 4)}));
};

/// The name of the thread of the last witness step (the second access).
std::string lastThread(const LocationVerdict &V) {
  return V.W.Steps.empty() ? "" : V.W.Steps.back().ThreadName;
}
bool involves(const LocationVerdict &V, const std::string &Name) {
  size_t N = V.W.Steps.size();
  return N >= 2 && (V.W.Steps[N - 1].ThreadName == Name ||
                    V.W.Steps[N - 2].ThreadName == Name);
}

} // namespace

TEST_CASE("counters: Var := SrcVar + Const, unknown and capped", "[mc]") {
  // main: create worker; i := A; i := i + B; assume i != A + B; write x.
  // The assume blocks for ever when the value is known: refuted.
  auto Run = [](std::vector<Action> Prefix, int64_t Expect) {
    Pool M;
    unsigned S = M.site({M.W}, M.T);
    DataVarId I = M.var("i", false); // Id 0, as the actions below use.
    std::vector<Action> Seq{create(S)};
    Seq.insert(Seq.end(), Prefix.begin(), Prefix.end());
    Seq.push_back(assume(I, GuardPred::NE, Expect));
    Seq.push_back(wr(M.access(true, 40)));
    M.seq(0, Seq);
    return M.check().V;
  };
  CHECK(Run({assign(0, 0), increment(0), increment(0)}, 2) == Verdict::Refuted);
  CHECK(Run({assign(0, 7), increment(0, -10)}, -3) == Verdict::Refuted);
  // Unknown stays unknown: no initial assignment.
  CHECK(Run({increment(0), increment(0)}, 2) == Verdict::Race);
  // Up to the cap the value is exact; beyond it, unknown.
  CHECK(Run({assign(0, mc::CounterCap - 1), increment(0)}, mc::CounterCap) ==
        Verdict::Refuted);
  CHECK(Run({assign(0, mc::CounterCap), increment(0)}, mc::CounterCap + 1) ==
        Verdict::Race);
  // A plain copy (Const 0) keeps large values.
  CHECK(Run({assign(0, 5000), increment(0, 0)}, 5000) == Verdict::Refuted);
}

TEST_CASE("a counted create/join loop refutes the read after it", "[mc]") {
  // pthread_t t[4]; for (i = 0; i < 4; ++i) create(&t[i]);
  // for (j = 0; j < 4; ++j) join(t[j]); read x. Thread bound 2: the last
  // two creates are cut, the last two joins find nothing left to wait for.
  for (bool WithType : {false, true}) {
    Types Ty;
    Pool M;
    if (WithType)
      M.TM.Objects[M.T.Obj].Type = Ty.Array;
    MemLoc H{M.T.Obj, AnyOffset};
    unsigned S = M.site({M.W}, H, true);
    DataVarId I = M.var("i", false), J = M.var("j", false);
    countedLoop(M, 0, I, 4, create(S), increment(I));
    countedLoop(M, 0, J, 4, join(H), increment(J));
    M.seq(0, {rd(M.access(false, 40))});
    ModelCheckOptions O;
    O.ThreadBound = 2;
    LocationVerdict V = M.check(O);
    CHECK(V.V == Verdict::Race); // The two workers race with each other...
    CHECK(lastThread(V).find("worker#") == 0);
    // ...but main's read never meets a worker's write.
    M.Gs[M.W].Edges[0].A = rd(M.access(false, 8));
    M.Gs[0].Edges.back().A = wr(M.access(true, 40));
    LocationVerdict R = M.check(O);
    CHECK(R.V == Verdict::Refuted);
    CHECK(R.BoundMayCut); // The third create hit the bound.
    CHECK(M.check(noPOR()).V == Verdict::Refuted); // Bound 2 by default.
    // With `++j` as an unknown value the join loop may stop early: a race.
    for (ActionEdge &E : M.Gs[0].Edges)
      if (E.A.Kind == ActionKind::Assign && E.A.Var == J && !E.A.HasConst)
        E.A.SrcVar = NoDataVar;
    CHECK(M.check(O).V == Verdict::Race);
  }
}

TEST_CASE("joining only t[0] still races with the other worker", "[mc]") {
  // for (i = 0; i < 2; ++i) create(&t[i]); join(t[0]); write x.
  Pool M(false);
  MemLoc H{M.T.Obj, AnyOffset};
  unsigned S = M.site({M.W}, H, true);
  DataVarId I = M.var("i", false);
  countedLoop(M, 0, I, 2, create(S), increment(I));
  M.seq(0, {join(MemLoc{M.T.Obj, 0}), wr(M.access(true, 40))});
  LocationVerdict V = M.check();
  REQUIRE(V.V == Verdict::Race);
  CHECK(involves(V, "main"));
  // The worker in the race is not the one joined.
  size_t N = V.W.Steps.size();
  std::string Racer = V.W.Steps[N - 1].ThreadName == "main"
                          ? V.W.Steps[N - 2].ThreadName
                          : V.W.Steps[N - 1].ThreadName;
  bool JoinSeen = false;
  for (const WitnessStep &St : V.W.Steps)
    if (St.Step.rfind("join", 0) == 0) {
      JoinSeen = true;
      CHECK(St.Step.find(Racer) == std::string::npos);
    }
  CHECK(JoinSeen);
  // A constant-index handle of an array-typed object is an array too.
  Types Ty;
  M.TM.Objects[M.T.Obj].Type = Ty.Array;
  M.TM.Creations[S].Handles = {MemLoc{M.T.Obj, 0}};
  CHECK(M.check().V == Verdict::Race);
}

TEST_CASE("a join may wait for a later instance of the same site", "[mc]") {
  // worker: if (flag == 0) read x; (else nothing). main: flag := 0;
  // create(&t[0]); flag := 1; create(&t[1]); join(t[1]); write x. The first
  // worker may still be at its read when the second is joined: choosing
  // only the lowest instance of the site would miss this race.
  Model M;
  TemplateId W = M.tmpl("worker");
  MemLoc H{M.global("t").Obj, AnyOffset};
  unsigned S = M.site({W}, H, true);
  DataVarId F = M.var("flag");
  NodeId A = M.node(W), B = M.node(W), End = M.node(W);
  M.edge(W, 0, A, assume(F, GuardPred::EQ, 0));
  M.edge(W, A, End, rd(M.access(false, 8)));
  M.edge(W, 0, B, assume(F, GuardPred::EQ, 1));
  M.edge(W, B, End, act(ActionKind::Internal));
  M.seq(0, {assign(F, 0), create(S), assign(F, 1), create(S), join(H),
            wr(M.access(true, 40))});
  LocationVerdict V = M.check();
  CHECK(V.V == Verdict::Race);
  CHECK(involves(V, "worker#1"));
  CHECK(M.check(noPOR()).V == Verdict::Race);
}

TEST_CASE("a scalar handle overwritten by a create denotes the last", "[mc]") {
  // pthread_t t; create(&t); create(&t); join(t); write x: the join waits
  // for the second worker only; the first one's read races.
  Types Ty;
  Pool M(false);
  M.TM.Objects[M.T.Obj].Type = Ty.PthreadT;
  unsigned S1 = M.site({M.W}, M.T), S2 = M.site({M.W}, M.T);
  M.seq(0, {create(S1), create(S2), join(M.T), wr(M.access(true, 40))});
  LocationVerdict V = M.check();
  REQUIRE(V.V == Verdict::Race);
  CHECK(involves(V, "worker#1"));
  CHECK(!involves(V, "worker#2"));
  CHECK(M.check(noPOR()).V == Verdict::Race);
  // Joining after each create orders both: refuted.
  Pool M2(false);
  M2.TM.Objects[M2.T.Obj].Type = Ty.PthreadT;
  S1 = M2.site({M2.W}, M2.T);
  S2 = M2.site({M2.W}, M2.T);
  M2.seq(0, {create(S1), join(M2.T), create(S2), join(M2.T),
             wr(M2.access(true, 40))});
  CHECK(M2.check().V == Verdict::Refuted);
  // Without a type, two creates into t make it array-like: still a race.
  M.TM.Objects[M.T.Obj].Type = nullptr;
  CHECK(M.check().V == Verdict::Race);
}

TEST_CASE("detach removes an instance from the joinable set", "[mc]") {
  Pool M(false);
  unsigned S = M.site({M.W}, M.T);
  M.seq(0, {create(S), act(ActionKind::Detach, {M.T}), join(M.T),
            wr(M.access(true, 40))});
  CHECK(M.check().V == Verdict::Race); // The join has nothing to wait for.
  M.Gs[0].Edges[1].A = act(ActionKind::Internal);
  CHECK(M.check().V == Verdict::Refuted);
}

TEST_CASE("join all: a join loop's exit joins every instance of the site",
          "[mc]") {
  // t = malloc(n * sizeof *t); for (i = 0; i < n; ++i) create(&t[i]);
  // for (j = 0; j < n; ++j) join(t[j]); write x. The loops' branches are
  // untracked (n unknown): without `join all` at the join loop's exit it
  // may leave after any number of joins.
  for (bool All : {true, false}) {
    Pool M(false);
    M.TM.Objects[M.T.Obj].Singleton = false; // A heap array.
    M.TM.Objects[M.T.Obj].Kind = ObjectKind::Heap;
    MemLoc H{M.T.Obj, AnyOffset};
    unsigned S = M.site({M.W}, H, true);
    auto Loop = [&](Action Body) {
      NodeId Head = M.last(0), B = M.node(0), Exit = M.node(0);
      M.edge(0, Head, B, act(ActionKind::Internal));
      M.edge(0, B, Head, std::move(Body));
      M.edge(0, Head, Exit, act(ActionKind::Internal));
    };
    Loop(create(S));
    Loop(join(H));
    Action JoinAll = join(H);
    JoinAll.JoinAll = true;
    JoinAll.Creation = S;
    M.seq(0,
          {All ? JoinAll : act(ActionKind::Internal), wr(M.access(true, 40))});
    ModelCheckOptions O;
    O.ThreadBound = 2;
    LocationVerdict V = M.check(O);
    if (!All) {
      CHECK(V.V == Verdict::Race);
      continue;
    }
    CHECK(V.V == Verdict::Refuted);
    CHECK(V.BoundMayCut); // The create loop met the bound.
    CHECK(M.check(noPOR()).V == Verdict::Refuted);
    O.ThreadBound = 3;
    CHECK(M.check(O).V == Verdict::Refuted);
  }
}

TEST_CASE("thread ids: only the owner passes; a joined thread's id may be "
          "reused",
          "[mc]") {
  // worker: self := pthread_self(); if (self == owner) write x.
  auto Build = [](Model &M, TemplateId W, DataVarId Owner) {
    DataVarId Self = M.var("self", false);
    M.TM.DataVars[Self].IsThreadId = true;
    M.TM.DataVars[Owner].IsThreadId = true;
    NodeId A = M.node(W), B = M.node(W), End = M.node(W);
    Action S = act(ActionKind::Assign);
    S.Var = Self;
    S.SelfId = true;
    M.edge(W, 0, A, S);
    Action Eq = assume(Self, GuardPred::EQ, 0), Ne = Eq;
    Eq.RhsVar = Ne.RhsVar = Owner;
    Ne.Pred = GuardPred::NE;
    M.edge(W, A, B, Eq);
    M.edge(W, A, End, Ne);
    M.edge(W, B, End, wr(M.access(true, 8)));
  };
  {
    // main: create(&t1) -> owner; create(&t2). One writer of x.
    Model M;
    TemplateId W = M.tmpl("worker");
    DataVarId Owner = M.var("owner");
    unsigned S1 = M.site({W}, M.global("t1")), S2 = M.site({W}, M.global("t2"));
    Build(M, W, Owner);
    M.seq(0, {withVar(create(S1), Owner), create(S2)});
    CHECK(M.check().V == Verdict::Refuted);
    CHECK(M.check(noPOR()).V == Verdict::Refuted);
    // Without the handle's id the owner is unknown: both write.
    M.Gs[0].Edges[0].A.Var = NoDataVar;
    CHECK(M.check().V == Verdict::Race);
  }
  {
    // main: create(&t1) -> owner; join(t1); create(&t2); write x. The second
    // worker may get the first one's id back (glibc) and pass the test.
    Model M;
    TemplateId W = M.tmpl("worker");
    DataVarId Owner = M.var("owner");
    MemLoc T1 = M.global("t1");
    unsigned S1 = M.site({W}, T1), S2 = M.site({W}, M.global("t2"));
    Build(M, W, Owner);
    M.seq(0, {withVar(create(S1), Owner), join(T1), create(S2),
              wr(M.access(true, 40))});
    LocationVerdict V = M.check();
    CHECK(V.V == Verdict::Race);
    CHECK(involves(V, "worker#2"));
    CHECK(M.check(noPOR()).V == Verdict::Race);
  }
}

TEST_CASE("loop-counter abstraction: a worker's counting loop is left "
          "untracked, a join loop's is kept",
          "[mc]") {
  // for (i = 0; i < 2; ++i) create(&t[i]); for (j = 0; j < 2; ++j)
  // join(t[j]); read x. worker: for (k = 0; k < 400; ++k) { lock m;
  // unlock m; } write x. Tracked, the two workers' k make 400 * 400 states.
  Pool M(false);
  MemLoc H{M.T.Obj, AnyOffset}, Mu = M.global("m");
  unsigned S = M.site({M.W}, H, true);
  DataVarId I = M.var("i", false), J = M.var("j", false), K = M.var("k", false);
  countedLoop(M, 0, I, 2, create(S), increment(I));
  countedLoop(M, 0, J, 2, join(H), increment(J));
  M.seq(0, {wr(M.access(true, 40))});
  ThreadGraph &G = M.Gs[M.W];
  Action Read = G.Edges[0].A;
  G = ThreadGraph();
  G.Template = M.W;
  G.NumNodes = 1;
  G.Succs.resize(1);
  M.seq(M.W, {assign(K, 0)});
  NodeId Head = M.last(M.W), B1 = M.node(M.W), B2 = M.node(M.W),
         B3 = M.node(M.W), Exit = M.node(M.W);
  M.edge(M.W, Head, B1, assume(K, GuardPred::LT, 400));
  M.edge(M.W, B1, B2, lock(Mu));
  M.edge(M.W, B2, B3, unlock(Mu));
  M.edge(M.W, B3, Head, increment(K));
  M.edge(M.W, Head, Exit, assume(K, GuardPred::GE, 400));
  M.seq(M.W, {Read});
  ModelCheckOptions O;
  O.MaxStates = 50000;
  CHECK(M.check(O).V == Verdict::Unknown); // Out of states.
  mc::ExplorerInput In;
  In.TM = &M.TM;
  for (const ThreadGraph &Gr : M.Gs)
    In.Graphs.push_back(&Gr);
  CHECK(mc::hasLoopCounters(In));
  O.Relax = ModelCheckOptions::RelaxCounters;
  LocationVerdict V = M.check(O);
  CHECK(V.V == Verdict::Refuted); // j is kept: main's graph joins.
  CHECK(V.Stats.States < 2000);
  // A join loop's counter untracked lets main leave it early: a race, so
  // main's counters must stay tracked.
  for (ActionEdge &E : M.Gs[0].Edges)
    if (E.A.Kind == ActionKind::Assign && E.A.Var == J && !E.A.HasConst)
      E.A.SrcVar = NoDataVar;
  CHECK(M.check(O).V == Verdict::Race);
}
