//===- LocksetTest.cpp - Layer 1 on hand-built thread models ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/Lockset/Lockset.h"
// White-box: the fixpoint's own budget check.
#include "../../lib/Lockset/LocksetSolver.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <catch2/catch.hpp>

#include <memory>

using namespace racesift;

namespace {

/// A thread model built by hand: functions are empty IR functions that only
/// give FunctionGraph::F and ThreadTemplate::Entry their identity.
class ModelBuilder {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M =
      std::make_unique<llvm::Module>("lockset-test", Ctx);

public:
  ThreadModel TM;

  ObjectId object(const std::string &Name, ObjectKind Kind = ObjectKind::Global,
                  bool Shared = true) {
    MemObject O;
    O.Id = TM.Objects.size();
    O.Kind = Kind;
    O.Name = Name;
    O.Singleton = Kind == ObjectKind::Global;
    O.Shared = Shared;
    TM.Objects.push_back(O);
    return O.Id;
  }

  const llvm::Function *function(const std::string &Name) {
    auto *Ptr = llvm::PointerType::get(Ctx, 0);
    auto *Ty =
        llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), {Ptr}, false);
    return llvm::Function::Create(Ty, llvm::GlobalValue::ExternalLinkage, Name,
                                  *M);
  }

  /// The pointer parameter of F, as a canonical base.
  static const llvm::Value *param(const llvm::Function *F) {
    return F->getArg(0);
  }

  AccessId access(bool Write, std::vector<MemLoc> Locs, unsigned Line,
                  BaseRef Base = {}, bool Atomic = false) {
    Access A;
    A.Id = TM.Accesses.size();
    A.IsWrite = Write;
    A.IsAtomic = Atomic;
    A.Locs = std::move(Locs);
    A.Base = Base;
    A.Name = "v" + std::to_string(A.Id);
    A.Loc.File = "t.c";
    A.Loc.Line = Line;
    A.Loc.Function = "f";
    TM.Accesses.push_back(A);
    return A.Id;
  }

  TemplateId thread(const llvm::Function *Entry,
                    Multiplicity Mult = Multiplicity::Once) {
    ThreadTemplate T;
    T.Id = TM.Templates.size();
    T.Entry = Entry;
    T.Name = Entry->getName().str();
    T.Mult = Mult;
    TM.Templates.push_back(T);
    return T.Id;
  }
};

/// Builds one function graph as a chain by default: each step() adds an edge
/// from the current node to a fresh one.
struct GraphBuilder {
  FunctionGraph G;
  NodeId Cur = 0;

  explicit GraphBuilder(const llvm::Function *F) {
    G.F = F;
    G.NumNodes = 1;
  }
  NodeId node() { return G.NumNodes++; }
  void edge(NodeId From, NodeId To, Action A) {
    G.Edges.push_back({From, To, std::move(A)});
  }
  GraphBuilder &step(Action A) {
    NodeId N = node();
    edge(Cur, N, std::move(A));
    Cur = N;
    return *this;
  }
  void finish(ThreadModel &TM) {
    G.Exit = Cur;
    G.Succs.assign(G.NumNodes, {});
    for (unsigned I = 0; I < G.Edges.size(); ++I)
      G.Succs[G.Edges[I].From].push_back(I);
    TM.Functions.push_back(std::move(G));
  }
};

Action lockOn(MemLoc L, LockKind K = LockKind::Mutex,
              LockMode M = LockMode::Exclusive) {
  Action A;
  A.Kind = ActionKind::Lock;
  A.Objects = {L};
  A.MustObject = true;
  A.Lock = K;
  A.Mode = M;
  return A;
}

Action unlockOn(MemLoc L, LockKind K = LockKind::Mutex) {
  Action A = lockOn(L, K);
  A.Kind = ActionKind::Unlock;
  return A;
}

/// A lock through a pointer: not a singleton, identified by its base.
Action relLock(BaseRef B, MemLoc May, ActionKind K = ActionKind::Lock) {
  Action A;
  A.Kind = K;
  A.Objects = {May};
  A.ObjectBase = B;
  return A;
}

Action rw(const ThreadModel &TM, AccessId Id) {
  Action A;
  A.Kind = TM.Accesses[Id].IsWrite ? ActionKind::Write : ActionKind::Read;
  A.Acc = Id;
  return A;
}

Action call(const llvm::Function *F) {
  Action A;
  A.Kind = ActionKind::Call;
  A.Callees = {F};
  return A;
}

Action internal() { return Action(); }

Action assume(DataVarId V, GuardPred P, int64_t C) {
  Action A;
  A.Kind = ActionKind::Assume;
  A.Var = V;
  A.Pred = P;
  A.Const = C;
  return A;
}

/// The locksets of every context of access Id (sorted by Held).
std::vector<LockSet> heldAt(const LocksetResult &R, AccessId Id) {
  std::vector<LockSet> Out;
  for (const AccessContext &C : R.Contexts)
    if (C.Acc == Id)
      Out.push_back(C.Held);
  std::sort(Out.begin(), Out.end());
  return Out;
}

bool holdsLoc(const LockSet &S, MemLoc L) {
  for (const HeldLock &H : S)
    if (!H.Relative && H.Loc == L)
      return true;
  return false;
}

} // namespace

TEST_CASE("Must-held locks are intersected at joins", "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0}, Y{B.object("y"), 0};
  const llvm::Function *Main = B.function("main");
  AccessId WX = B.access(true, {X}, 3), WY = B.access(true, {Y}, 5);
  GraphBuilder G(Main);
  // if (c) lock(m); x = 1; lock(m); y = 1; unlock(m);
  NodeId Then = G.node();
  G.edge(0, Then, lockOn(M));
  G.edge(0, Then, internal());
  G.Cur = Then;
  G.step(rw(B.TM, WX)).step(lockOn(M)).step(rw(B.TM, WY)).step(unlockOn(M));
  G.finish(B.TM);
  B.thread(Main);

  LocksetResult R = computeLocksets(B.TM);
  REQUIRE(heldAt(R, WX) == std::vector<LockSet>{LockSet{}});
  auto AtY = heldAt(R, WY);
  REQUIRE(AtY.size() == 1);
  CHECK(holdsLoc(AtY[0], M));
}

TEST_CASE("Lock and unlock wrappers, callee lock released by caller",
          "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0}, Y{B.object("y"), 0};
  const llvm::Function *Enter = B.function("enter"),
                       *Leave = B.function("leave"),
                       *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3), WY = B.access(true, {Y}, 4),
           WX2 = B.access(true, {X}, 5);
  GraphBuilder E(Enter);
  E.step(lockOn(M)).finish(B.TM);
  GraphBuilder L(Leave);
  L.step(unlockOn(M)).finish(B.TM);
  GraphBuilder W(Worker);
  // enter(); x = 1; leave(); y = 1; enter(); x = 2; unlock(m);
  W.step(call(Enter)).step(rw(B.TM, WX)).step(call(Leave)).step(rw(B.TM, WY));
  W.step(call(Enter)).step(rw(B.TM, WX2)).step(unlockOn(M));
  W.finish(B.TM);
  B.thread(Worker);

  LocksetResult R = computeLocksets(B.TM);
  auto AtX = heldAt(R, WX);
  REQUIRE(AtX.size() == 1);
  CHECK(holdsLoc(AtX[0], M));
  CHECK(heldAt(R, WY) == std::vector<LockSet>{LockSet{}});
  auto AtX2 = heldAt(R, WX2);
  REQUIRE(AtX2.size() == 1);
  CHECK(holdsLoc(AtX2[0], M));
}

TEST_CASE("A helper keeps one context per entry lockset", "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0};
  const llvm::Function *Helper = B.function("helper"),
                       *Worker = B.function("worker"),
                       *Main = B.function("main");
  AccessId WX = B.access(true, {X}, 2), RX = B.access(false, {X}, 9);
  GraphBuilder H(Helper);
  H.step(rw(B.TM, WX)).finish(B.TM);
  GraphBuilder W(Worker);
  W.step(call(Helper)).step(lockOn(M)).step(call(Helper)).step(unlockOn(M));
  W.finish(B.TM);
  GraphBuilder Mn(Main);
  Mn.step(lockOn(M)).step(rw(B.TM, RX)).step(unlockOn(M)).finish(B.TM);
  B.thread(Main);
  B.thread(Worker);

  SECTION("precise contexts") {
    LocksetResult R = computeLocksets(B.TM);
    auto AtX = heldAt(R, WX);
    REQUIRE(AtX.size() == 2);
    CHECK(AtX[0].empty());
    CHECK(holdsLoc(AtX[1], M));
    // Only the unlocked call of helper races with main's locked read.
    REQUIRE(R.Candidates.size() == 1);
    CHECK(R.Candidates[0].First.Held.empty());
    CHECK(R.Candidates[0].First.Acc == WX);
  }
  SECTION("context limit merges by intersection") {
    LocksetOptions Opts;
    Opts.MaxContextsPerFunction = 1;
    LocksetResult R = computeLocksets(B.TM, Opts);
    CHECK(heldAt(R, WX) == std::vector<LockSet>{LockSet{}});
    CHECK(R.MergedContexts > 0);
  }
}

TEST_CASE("Recursion reaches its fixpoint", "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0};
  const llvm::Function *Rec = B.function("rec"), *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 2);
  GraphBuilder G(Rec);
  // rec() { x = 1; if (c) rec(); }
  NodeId A = G.node(), Exit = G.node();
  G.edge(0, A, rw(B.TM, WX));
  G.edge(A, Exit, call(Rec));
  G.edge(A, Exit, internal());
  G.Cur = Exit;
  G.finish(B.TM);
  GraphBuilder W(Worker);
  W.step(lockOn(M)).step(call(Rec)).step(unlockOn(M)).finish(B.TM);
  B.thread(Worker, Multiplicity::Many);

  LocksetResult R = computeLocksets(B.TM);
  auto AtX = heldAt(R, WX);
  REQUIRE(AtX.size() == 1);
  CHECK(holdsLoc(AtX[0], M));
  CHECK(R.Candidates.empty());
  CHECK(R.ProtectedPairs == 1);
}

TEST_CASE("A trylock holds its lock only on the success edge", "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0}, Y{B.object("y"), 0};
  const llvm::Function *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3), WY = B.access(true, {Y}, 5);
  const DataVarId Ret = 0, Copy = 1;
  GraphBuilder G(Worker);
  Action Try = lockOn(M);
  Try.Kind = ActionKind::TryLock;
  Try.Var = Ret;
  G.step(Try);
  SECTION("tested directly: == 0 and != 0") {
    NodeId Ok = G.node(), Fail = G.node(), End = G.node();
    G.edge(G.Cur, Ok, assume(Ret, GuardPred::EQ, 0));
    G.edge(G.Cur, Fail, assume(Ret, GuardPred::NE, 0));
    G.edge(Ok, End, rw(B.TM, WX));
    G.edge(Fail, End, rw(B.TM, WY));
    G.Cur = End;
  }
  SECTION("stored, then tested through the copy") {
    Action Assign;
    Assign.Kind = ActionKind::Assign;
    Assign.Var = Copy;
    Assign.SrcVar = Ret;
    G.step(Assign).step(internal());
    NodeId Ok = G.node(), Fail = G.node(), End = G.node();
    G.edge(G.Cur, Fail, assume(Copy, GuardPred::NE, 0));
    G.edge(G.Cur, Ok, assume(Copy, GuardPred::EQ, 0));
    G.edge(Ok, End, rw(B.TM, WX));
    G.edge(Fail, End, rw(B.TM, WY));
    G.Cur = End;
  }
  G.finish(B.TM);
  B.thread(Worker);

  LocksetResult R = computeLocksets(B.TM);
  auto AtX = heldAt(R, WX);
  REQUIRE(AtX.size() == 1);
  CHECK(holdsLoc(AtX[0], M));
  CHECK(heldAt(R, WY) == std::vector<LockSet>{LockSet{}});
}

TEST_CASE("Relative locks protect data beside them", "[lockset]") {
  ModelBuilder B;
  ObjectId Heap = B.object("heap@t.c:4", ObjectKind::Heap);
  const llvm::Function *Worker = B.function("worker"),
                       *Main = B.function("main");
  const llvm::Value *P = ModelBuilder::param(Worker),
                    *Q = ModelBuilder::param(Main);
  // worker: lock(&p->lock); p->count++ ; main: lock(&q->lock); q->count = 0.
  MemLoc Lock{Heap, 0}, Count{Heap, 8};
  AccessId RC = B.access(false, {Count}, 3, {P, 8}),
           WC = B.access(true, {Count}, 3, {P, 8}),
           MW = B.access(true, {Count}, 9, {Q, 8});
  GraphBuilder W(Worker);
  W.step(relLock({P, 0}, Lock)).step(rw(B.TM, RC)).step(rw(B.TM, WC));
  W.step(relLock({P, 0}, Lock, ActionKind::Unlock)).finish(B.TM);
  int64_t MainLockOffset = GENERATE(0, 16);
  GraphBuilder Mn(Main);
  Mn.step(relLock({Q, MainLockOffset}, {Heap, MainLockOffset}));
  Mn.step(rw(B.TM, MW)).finish(B.TM);
  B.thread(Main);
  B.thread(Worker, Multiplicity::Many);

  LocksetResult R = computeLocksets(B.TM);
  auto AtW = heldAt(R, WC);
  REQUIRE(AtW.size() == 1);
  REQUIRE(AtW[0].size() == 1);
  CHECK(AtW[0][0].Relative);
  CHECK(AtW[0][0].OffsetFromAccess == -8);
  if (MainLockOffset == 0) {
    CHECK(R.Candidates.empty()); // p->lock protects p->count everywhere.
  } else {
    // q's lock is another field: main's write races with both accesses.
    CHECK(R.Candidates.size() == 2);
  }
}

TEST_CASE("A callee that may release the caller's relative lock", "[lockset]") {
  ModelBuilder B;
  ObjectId Heap = B.object("heap@t.c:4", ObjectKind::Heap);
  const llvm::Function *Worker = B.function("worker"),
                       *Release = B.function("release");
  const llvm::Value *P = ModelBuilder::param(Worker),
                    *R0 = ModelBuilder::param(Release);
  AccessId WC = B.access(true, {{Heap, 8}}, 3, {P, 8});
  GraphBuilder Rel(Release);
  Rel.step(relLock({R0, 0}, {Heap, 0}, ActionKind::Unlock)).finish(B.TM);
  GraphBuilder W(Worker);
  W.step(relLock({P, 0}, {Heap, 0})).step(call(Release)).step(rw(B.TM, WC));
  W.finish(B.TM);
  B.thread(Worker, Multiplicity::Many);

  LocksetResult R = computeLocksets(B.TM);
  CHECK(heldAt(R, WC) == std::vector<LockSet>{LockSet{}});
  CHECK(R.Candidates.size() == 1); // worker with itself.
}

TEST_CASE("Read holds of an rwlock do not exclude a write", "[lockset]") {
  ModelBuilder B;
  MemLoc L{B.object("rw"), 0}, X{B.object("x"), 0};
  const llvm::Function *Reader = B.function("reader"),
                       *Writer = B.function("writer");
  AccessId RX = B.access(false, {X}, 3), WX = B.access(true, {X}, 8);
  GraphBuilder Rd(Reader);
  Rd.step(lockOn(L, LockKind::RWLock, LockMode::Shared)).step(rw(B.TM, RX));
  Rd.step(unlockOn(L, LockKind::RWLock)).finish(B.TM);
  LockMode WriterMode = GENERATE(LockMode::Shared, LockMode::Exclusive);
  GraphBuilder Wr(Writer);
  Wr.step(lockOn(L, LockKind::RWLock, WriterMode)).step(rw(B.TM, WX));
  Wr.step(unlockOn(L, LockKind::RWLock)).finish(B.TM);
  B.thread(Reader);
  B.thread(Writer);

  LocksetResult R = computeLocksets(B.TM);
  auto AtR = heldAt(R, RX);
  REQUIRE(AtR.size() == 1);
  REQUIRE(AtR[0].size() == 1);
  CHECK(AtR[0][0].Mode == LockMode::Shared);
  CHECK(R.Candidates.size() == (WriterMode == LockMode::Shared ? 1u : 0u));
  CHECK_FALSE(locksExclude(AtR[0], true, AtR[0], false));
}

TEST_CASE("Recursive mutexes are held until the last unlock", "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0}, Y{B.object("y"), 0};
  const llvm::Function *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3), WY = B.access(true, {Y}, 5);
  LockKind K = GENERATE(LockKind::RecursiveMutex, LockKind::Mutex);
  GraphBuilder G(Worker);
  G.step(lockOn(M, K)).step(lockOn(M, K)).step(unlockOn(M, K));
  G.step(rw(B.TM, WX)).step(unlockOn(M, K)).step(rw(B.TM, WY));
  G.finish(B.TM);
  B.thread(Worker);

  LocksetResult R = computeLocksets(B.TM);
  auto AtX = heldAt(R, WX);
  REQUIRE(AtX.size() == 1);
  // A second lock of a plain mutex deadlocks or fails: one unlock frees it.
  CHECK(holdsLoc(AtX[0], M) == (K == LockKind::RecursiveMutex));
  CHECK(heldAt(R, WY) == std::vector<LockSet>{LockSet{}});
}

TEST_CASE("An unresolved unlock may release every lock", "[lockset]") {
  ModelBuilder B;
  MemLoc M{B.object("m"), 0}, X{B.object("x"), 0};
  const llvm::Function *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3);
  Action Unknown;
  Unknown.Kind = ActionKind::Unlock;
  GraphBuilder G(Worker);
  G.step(lockOn(M)).step(Unknown).step(rw(B.TM, WX)).finish(B.TM);
  B.thread(Worker);
  CHECK(heldAt(computeLocksets(B.TM), WX) == std::vector<LockSet>{LockSet{}});
}

TEST_CASE("Pairwise: low_readwrite is race-free, low_race is not",
          "[lockset]") {
  ModelBuilder B;
  MemLoc LA{B.object("a"), 0}, LB{B.object("b"), 0}, V{B.object("v"), 0};
  const llvm::Function *R1 = B.function("reader1"), *R2 = B.function("reader2"),
                       *Wr = B.function("writer");
  AccessId Read1 = B.access(false, {V}, 3), Read2 = B.access(false, {V}, 7),
           Write = B.access(true, {V}, 12);
  bool Locked = GENERATE(true, false);
  GraphBuilder G1(R1), G2(R2), GW(Wr);
  if (Locked) {
    G1.step(lockOn(LA)).step(rw(B.TM, Read1)).step(unlockOn(LA));
    G2.step(lockOn(LB)).step(rw(B.TM, Read2)).step(unlockOn(LB));
    GW.step(lockOn(LA)).step(lockOn(LB)).step(rw(B.TM, Write));
    GW.step(unlockOn(LB)).step(unlockOn(LA));
  } else {
    G1.step(rw(B.TM, Read1));
    G2.step(rw(B.TM, Read2));
    GW.step(rw(B.TM, Write));
  }
  G1.finish(B.TM);
  G2.finish(B.TM);
  GW.finish(B.TM);
  B.thread(R1);
  B.thread(R2);
  B.thread(Wr);

  LocksetResult R = computeLocksets(B.TM);
  CHECK(R.SharedLocations == 1);
  if (Locked) {
    // Eraser's single intersection {a} & {b} & {a,b} is empty; the pairs
    // (read1, write) and (read2, write) each share a lock.
    CHECK(R.Candidates.empty());
    CHECK(R.ProtectedPairs == 2);
  } else {
    REQUIRE(R.Candidates.size() == 2);
    CHECK(R.Candidates[0].First.Acc == Read1);
    CHECK(R.Candidates[0].Second.Acc == Write);
    CHECK(R.Candidates[1].First.Acc == Read2);
    CHECK(R.ProtectedPairs == 0);
  }
}

TEST_CASE("Concurrency, atomics and unshared objects", "[lockset]") {
  ModelBuilder B;
  MemLoc X{B.object("x"), 0}, L{B.object("local", ObjectKind::Stack, false), 0};
  const llvm::Function *Worker = B.function("worker");
  Multiplicity Mult = GENERATE(Multiplicity::Once, Multiplicity::Many);
  bool Atomic = GENERATE(false, true);
  AccessId WX = B.access(true, {X}, 3, {}, Atomic), WL = B.access(true, {L}, 4);
  GraphBuilder G(Worker);
  G.step(rw(B.TM, WX)).step(rw(B.TM, WL)).finish(B.TM);
  B.thread(Worker, Mult);

  LocksetResult R = computeLocksets(B.TM);
  // Only instances of one multi-instance template race with each other;
  // atomics never race with atomics; unshared objects never race.
  bool Expect = Mult == Multiplicity::Many && !Atomic;
  REQUIRE(R.Candidates.size() == (Expect ? 1u : 0u));
  if (Expect) {
    CHECK(R.Candidates[0].First.Acc == WX);
    CHECK(R.Candidates[0].Second.Acc == WX);
  }
}

TEST_CASE("Atomic sections are one global lock that nests", "[lockset]") {
  ModelBuilder B;
  MemLoc X{B.object("x"), 0};
  const llvm::Function *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3);
  Action Begin;
  Begin.Kind = ActionKind::Lock;
  Begin.Lock = LockKind::AtomicSection;
  Action End = Begin;
  End.Kind = ActionKind::Unlock;
  GraphBuilder G(Worker);
  G.step(Begin).step(Begin).step(End).step(rw(B.TM, WX)).step(End);
  G.finish(B.TM);
  B.thread(Worker, Multiplicity::Many);

  LocksetResult R = computeLocksets(B.TM);
  CHECK(R.Candidates.empty());
  CHECK(R.ProtectedPairs == 1);
}

TEST_CASE("Pairing at AnyOffset, the per-location cap and the budget",
          "[lockset]") {
  ModelBuilder B;
  ObjectId O = B.object("o", ObjectKind::Heap);
  MemLoc Any{O, AnyOffset}, At8{O, 8}, At16{O, 16};
  const llvm::Function *Main = B.function("main"),
                       *Worker = B.function("worker");
  AccessId WAny = B.access(true, {Any}, 2), R8 = B.access(false, {At8}, 3),
           R16 = B.access(false, {At16}, 4), RAny = B.access(false, {Any}, 5);
  GraphBuilder W(Worker);
  W.step(rw(B.TM, WAny)).finish(B.TM);
  GraphBuilder Mn(Main);
  Mn.step(rw(B.TM, R8)).step(rw(B.TM, R16)).step(rw(B.TM, RAny));
  Mn.finish(B.TM);
  B.thread(Main);
  B.thread(Worker);

  SECTION("a write at AnyOffset pairs with every field and with AnyOffset") {
    LocksetResult R = computeLocksets(B.TM);
    REQUIRE(R.Candidates.size() == 3);
    // AnyOffset sorts first; the two reads never pair with each other.
    CHECK(R.Candidates[0].Loc == Any);
    CHECK(R.Candidates[1].Loc == At8);
    CHECK(R.Candidates[2].Loc == At16);
    for (const Candidate &C : R.Candidates) {
      CHECK((C.First.Acc == WAny) != (C.Second.Acc == WAny));
      CHECK(R.PairsPerLocation.at(C.Loc) == 1);
    }
    CHECK_FALSE(R.BudgetExhausted);
    CHECK(R.ObjectsPaired == 1);
  }
  SECTION("the cap keeps the counts") {
    LocksetOptions Opts;
    Opts.MaxCandidatesPerLocation = 0;
    LocksetResult R = computeLocksets(B.TM, Opts);
    CHECK(R.Candidates.empty());
    CHECK(R.PairsPerLocation.size() == 3);
  }
  SECTION("the pair limit cuts a location and counts it") {
    LocksetOptions Opts;
    Opts.MaxPairsPerLocation = 1;
    LocksetResult R = computeLocksets(B.TM, Opts);
    // One pair per location survives: each location has exactly one.
    CHECK(R.Candidates.size() == 3);
    CHECK(R.TruncatedLocations == 0);
    Opts.MaxPairsPerLocation = 0;
    R = computeLocksets(B.TM, Opts);
    CHECK(R.Candidates.empty());
    CHECK(R.TruncatedLocations == 3);
  }
  SECTION("an exhausted budget pairs nothing and says so") {
    LocksetOptions Opts;
    Opts.Deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    LocksetResult R = computeLocksets(B.TM, Opts);
    CHECK(R.BudgetExhausted);
    CHECK(R.ObjectsPaired == 0);
    CHECK(R.SharedObjects == 1);
    CHECK(R.Candidates.empty());
  }
}

TEST_CASE("The must-held fixpoint stops at the deadline", "[lockset]") {
  ModelBuilder B;
  MemLoc X{B.object("x"), 0};
  const llvm::Function *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3);
  GraphBuilder G(Worker);
  // Long enough for the solver to read the clock.
  for (unsigned I = 0; I < 3000; ++I)
    G.step(rw(B.TM, WX));
  G.finish(B.TM);
  B.thread(Worker, Multiplicity::Many);

  LocksetOptions Opts;
  lockset::LocksetSolver Unbounded(B.TM, Opts);
  Unbounded.solve();
  CHECK_FALSE(Unbounded.Exhausted);

  Opts.Deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  lockset::LocksetSolver Late(B.TM, Opts);
  Late.solve();
  CHECK(Late.Exhausted);
  LocksetResult R = computeLocksets(B.TM, Opts);
  CHECK(R.BudgetExhausted);
  CHECK(R.Contexts.empty());
  CHECK(R.SharedObjects == 1);
}
