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
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <set>

using namespace racesift;

namespace {

/// A thread model built by hand: functions are empty IR functions that only
/// give FunctionGraph::F and ThreadTemplate::Entry their identity.
class ModelBuilder {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M =
      std::make_unique<llvm::Module>("lockset-test", Ctx);
  llvm::Function *Scratch = nullptr;

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

  /// A load or store of one IR type, for accesses that type-based aliasing
  /// tells apart (accessesConflict reads it).
  const llvm::Instruction *memoryOp(bool Write, unsigned Bits) {
    if (!Scratch) {
      Scratch = const_cast<llvm::Function *>(function("scratch"));
      llvm::BasicBlock::Create(Ctx, "entry", Scratch);
    }
    llvm::IRBuilder<> IRB(&Scratch->getEntryBlock());
    llvm::Type *Ty = llvm::PointerType::get(Ctx, 0);
    if (Bits)
      Ty = llvm::Type::getIntNTy(Ctx, Bits);
    if (Write)
      return IRB.CreateStore(llvm::PoisonValue::get(Ty), Scratch->getArg(0));
    return IRB.CreateLoad(Ty, Scratch->getArg(0));
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
  SECTION("an exhausted budget pairs nothing and says so") {
    LocksetOptions Opts;
    Opts.Deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    LocksetResult R = computeLocksets(B.TM, Opts);
    CHECK(R.BudgetExhausted);
    CHECK_FALSE(R.StepsSpent);
    CHECK(R.ObjectsPaired == 0);
    CHECK(R.SharedObjects == 1);
    CHECK(R.Candidates.empty());
  }
  SECTION("the step budget stops pairing, and says it was the steps") {
    LocksetResult Free = computeLocksets(B.TM);
    const uint64_t FixpointSteps =
        Free.SolverVisits * lockset::LocksetSolver::StepsPerVisit;
    REQUIRE(Free.Steps > FixpointSteps);
    LocksetOptions Opts;
    Opts.MaxSteps = Free.Steps;
    LocksetResult Enough = computeLocksets(B.TM, Opts);
    CHECK_FALSE(Enough.BudgetExhausted);
    CHECK(Enough.Candidates.size() == Free.Candidates.size());
    // The fixpoint completes, pairing gets one step.
    Opts.MaxSteps = FixpointSteps + 1;
    LocksetResult Cut = computeLocksets(B.TM, Opts);
    CHECK(Cut.BudgetExhausted);
    CHECK(Cut.StepsSpent);
    // A signature pair under way is decided whole: a few steps past.
    CHECK(Cut.Steps >= Opts.MaxSteps);
    CHECK(Cut.Steps < Free.Steps);
    CHECK(Cut.ObjectsPaired == 0);
    CHECK(Cut.Candidates.empty());
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
  CHECK_FALSE(Late.StepsSpent);
  LocksetResult R = computeLocksets(B.TM, Opts);
  CHECK(R.BudgetExhausted);
  CHECK(R.Contexts.empty());
  CHECK(R.SharedObjects == 1);
}

TEST_CASE("The must-held fixpoint stops after its step budget", "[lockset]") {
  ModelBuilder B;
  MemLoc X{B.object("x"), 0};
  const llvm::Function *Worker = B.function("worker");
  AccessId WX = B.access(true, {X}, 3);
  GraphBuilder G(Worker);
  for (unsigned I = 0; I < 100; ++I)
    G.step(rw(B.TM, WX));
  G.finish(B.TM);
  B.thread(Worker, Multiplicity::Many);

  LocksetOptions Opts;
  lockset::LocksetSolver Unbounded(B.TM, Opts);
  Unbounded.solve();
  CHECK_FALSE(Unbounded.Exhausted);
  REQUIRE(Unbounded.Visits > 10);

  // Decided by the count alone: the same visit on any machine.
  constexpr uint64_t PerVisit = lockset::LocksetSolver::StepsPerVisit;
  Opts.MaxSteps = 10 * PerVisit;
  lockset::LocksetSolver Cut(B.TM, Opts);
  Cut.solve();
  CHECK(Cut.Exhausted);
  CHECK(Cut.StepsSpent);
  CHECK(Cut.Visits == 10);
  LocksetResult R = computeLocksets(B.TM, Opts);
  CHECK(R.BudgetExhausted);
  CHECK(R.StepsSpent);
  CHECK(R.Steps == 10 * PerVisit);
  CHECK(R.SolverVisits == 10);
  CHECK(R.Contexts.empty());
  CHECK(R.SharedObjects == 1);
}

namespace {

/// Layer 1's pairing by the definition, one context pair at a time (as it
/// was done before contexts were paired by classes): for each location L,
/// every pair I <= J (in R.Contexts, source order) of contexts whose
/// accesses both cover L, at least one naming it exactly (AnyOffset: both
/// at AnyOffset), that conflict between concurrent threads.
struct PairwiseResult {
  std::vector<std::tuple<MemLoc, unsigned, unsigned>> Candidates;
  std::map<MemLoc, uint64_t> PairsPerLocation;
  uint64_t ProtectedPairs = 0;
};

PairwiseResult pairwise(const ThreadModel &TM, const LocksetResult &R,
                        unsigned Cap) {
  PairwiseResult Out;
  std::map<ObjectId, std::set<int64_t>> Locations;
  for (const AccessContext &C : R.Contexts)
    for (const MemLoc &L : TM.Accesses[C.Acc].Locs)
      if (TM.Objects[L.Obj].Shared && !TM.Objects[L.Obj].ThreadLocal)
        Locations[L.Obj].insert(L.Offset);
  auto Names = [&](unsigned I, MemLoc L) {
    return llvm::is_contained(TM.Accesses[R.Contexts[I].Acc].Locs, L);
  };
  for (const auto &[Obj, Offsets] : Locations) {
    for (int64_t Off : Offsets) {
      MemLoc L{Obj, Off}, Any{Obj, AnyOffset};
      std::set<std::pair<AccessId, AccessId>> Conflicting, Unprotected;
      unsigned Kept = 0;
      for (unsigned I = 0; I < R.Contexts.size(); ++I) {
        for (unsigned J = I; J < R.Contexts.size(); ++J) {
          bool NI = Names(I, L), NJ = Names(J, L);
          if (!(NI || Names(I, Any)) || !(NJ || Names(J, Any)) || !(NI || NJ))
            continue;
          const AccessContext &A = R.Contexts[I], &B = R.Contexts[J];
          const Access &X = TM.Accesses[A.Acc], &Y = TM.Accesses[B.Acc];
          if (!accessesConflict(X, Y, TM.inUnion(L)))
            continue;
          if (A.Thread == B.Thread &&
              (TM.Templates[A.Thread].Mult == Multiplicity::Once ||
               TM.Objects[Obj].ownedPerInstance(A.Thread)))
            continue;
          std::pair<AccessId, AccessId> Key{A.Acc, B.Acc};
          Conflicting.insert(Key);
          if (locksExclude(A.Held, X.IsWrite, B.Held, Y.IsWrite) ||
              !Unprotected.insert(Key).second)
            continue;
          if (Kept++ < Cap)
            Out.Candidates.push_back({L, I, J});
        }
      }
      Out.ProtectedPairs += Conflicting.size() - Unprotected.size();
      if (!Unprotected.empty())
        Out.PairsPerLocation[L] = Unprotected.size();
    }
  }
  return Out;
}

/// Checks computeLocksets against pairwise() on the same contexts.
void checkAgainstPairwise(const ThreadModel &TM, unsigned Cap) {
  LocksetOptions Opts;
  Opts.MaxCandidatesPerLocation = Cap;
  LocksetResult R = computeLocksets(TM, Opts);
  CHECK(verifyLocksets(TM, R).empty());
  PairwiseResult P = pairwise(TM, R, Cap);
  CHECK(R.PairsPerLocation == P.PairsPerLocation);
  CHECK(R.ProtectedPairs == P.ProtectedPairs);
  REQUIRE(R.Candidates.size() == P.Candidates.size());
  for (size_t K = 0; K < P.Candidates.size(); ++K) {
    auto [L, I, J] = P.Candidates[K];
    const Candidate &C = R.Candidates[K];
    CHECK(C.Loc == L);
    CHECK(C.First.Acc == R.Contexts[I].Acc);
    CHECK(C.First.Thread == R.Contexts[I].Thread);
    CHECK(C.First.Held == R.Contexts[I].Held);
    CHECK(C.Second.Acc == R.Contexts[J].Acc);
    CHECK(C.Second.Thread == R.Contexts[J].Thread);
    CHECK(C.Second.Held == R.Contexts[J].Held);
  }
}

} // namespace

TEST_CASE("Class pairing: one lockset in two templates still races",
          "[lockset]") {
  // Both contexts hold nothing and differ only in their thread: a class
  // that forgot the thread would pair 'main' with itself (not concurrent).
  ModelBuilder B;
  MemLoc X{B.object("x"), 0};
  const llvm::Function *Main = B.function("main"), *Other = B.function("other");
  AccessId WM = B.access(true, {X}, 3), WO = B.access(true, {X}, 7);
  GraphBuilder GM(Main), GO(Other);
  GM.step(rw(B.TM, WM)).finish(B.TM);
  GO.step(rw(B.TM, WO)).finish(B.TM);
  B.thread(Main);
  B.thread(Other);

  LocksetResult R = computeLocksets(B.TM);
  REQUIRE(R.Candidates.size() == 1);
  CHECK(R.Candidates[0].First.Acc == WM);
  CHECK(R.Candidates[0].Second.Acc == WO);
  CHECK(R.PairsPerLocation.at(X) == 1);
  CHECK(R.ProtectedPairs == 0);
  checkAgainstPairwise(B.TM, 16);
}

TEST_CASE("Class pairing: rwlock modes with several contexts per access",
          "[lockset]") {
  // helper() reads x under a read hold (reader) and a write hold (writer);
  // writer writes x under its write hold, other under a read hold. Only
  // (read in reader, write in other) is unprotected: two read holds.
  ModelBuilder B;
  MemLoc L{B.object("rw"), 0}, X{B.object("x"), 0};
  const llvm::Function *Helper = B.function("helper"),
                       *Reader = B.function("reader"),
                       *Writer = B.function("writer"),
                       *Other = B.function("other");
  AccessId RX = B.access(false, {X}, 2), W2 = B.access(true, {X}, 6),
           W3 = B.access(true, {X}, 9);
  GraphBuilder H(Helper);
  H.step(rw(B.TM, RX)).finish(B.TM);
  GraphBuilder Rd(Reader), Wr(Writer), Ot(Other);
  Rd.step(lockOn(L, LockKind::RWLock, LockMode::Shared)).step(call(Helper));
  Rd.step(unlockOn(L, LockKind::RWLock)).finish(B.TM);
  Wr.step(lockOn(L, LockKind::RWLock, LockMode::Exclusive)).step(call(Helper));
  Wr.step(rw(B.TM, W2)).step(unlockOn(L, LockKind::RWLock)).finish(B.TM);
  Ot.step(lockOn(L, LockKind::RWLock, LockMode::Shared)).step(rw(B.TM, W3));
  Ot.step(unlockOn(L, LockKind::RWLock)).finish(B.TM);
  TemplateId TR = B.thread(Reader);
  B.thread(Writer);
  TemplateId TO = B.thread(Other);

  LocksetResult R = computeLocksets(B.TM);
  REQUIRE(heldAt(R, RX).size() == 2);
  REQUIRE(R.Candidates.size() == 1);
  CHECK(R.Candidates[0].First.Acc == RX);
  CHECK(R.Candidates[0].First.Thread == TR);
  CHECK(R.Candidates[0].Second.Acc == W3);
  CHECK(R.Candidates[0].Second.Thread == TO);
  CHECK(R.PairsPerLocation.at(X) == 1);
  // (read, W2) and (W2, W3) are protected by the write hold.
  CHECK(R.ProtectedPairs == 2);
  checkAgainstPairwise(B.TM, 16);
}

TEST_CASE("Class pairing gives the pairwise verdicts on random models",
          "[lockset]") {
  for (unsigned Seed = 0; Seed < 300; ++Seed) {
    INFO("seed " << Seed);
    std::mt19937 Rng(Seed);
    auto Pick = [&](unsigned N) { return unsigned(Rng() % N); };
    ModelBuilder B;
    ObjectId O = B.object("o", ObjectKind::Heap), G = B.object("g");
    MemLoc M1{B.object("m1"), 0}, M2{B.object("m2"), 0}, RWL{B.object("rw"), 0},
        RelMay{B.object("locks", ObjectKind::Heap), 0};
    const llvm::Function *Helper = B.function("helper");
    const llvm::Function *Entries[] = {B.function("main"), B.function("w1"),
                                       B.function("w2")};
    const std::vector<std::vector<MemLoc>> Shapes = {
        {{O, AnyOffset}}, {{O, 0}},          {{O, 8}},
        {{O, 16}},        {{O, 8}, {O, 16}}, {{O, AnyOffset}, {O, 8}},
        {{G, 0}},         {{O, 8}, {G, 0}}};
    unsigned Line = 1;
    auto RandomAccess = [&](const llvm::Function *In) {
      bool Write = Pick(2);
      std::vector<MemLoc> Locs = Shapes[Pick(Shapes.size())];
      // Accesses in the helper go through its parameter, for the relative
      // lock.
      BaseRef Base;
      if (In == Helper)
        Base = {ModelBuilder::param(Helper), Locs.front().Offset};
      AccessId Id = B.access(Write, Locs, Line++, Base, Pick(8) == 0);
      const unsigned Bits[] = {0, 8, 32, 64};
      if (unsigned K = Pick(5))
        B.TM.Accesses[Id].Inst = B.memoryOp(Write, Bits[K - 1]);
      // A direct access to the thread's own instance (own-frame, a
      // thread-local named directly) gets a class of its own.
      B.TM.Accesses[Id].OwnThreadInstance = Pick(4) == 0;
      // So does one at a claimed index (claimed-index), per key.
      B.TM.Accesses[Id].ClaimKey = Pick(4) == 0 ? 1 + Pick(2) : 0;
      return rw(B.TM, Id);
    };
    auto RandomAction = [&](const llvm::Function *In) {
      switch (Pick(In == Helper ? 9 : 10)) {
      case 0:
        return lockOn(Pick(2) ? M1 : M2);
      case 1:
        return unlockOn(Pick(2) ? M1 : M2);
      case 2:
        return lockOn(RWL, LockKind::RWLock,
                      Pick(2) ? LockMode::Shared : LockMode::Exclusive);
      case 3:
        return unlockOn(RWL, LockKind::RWLock);
      case 4:
        if (In == Helper)
          return relLock({ModelBuilder::param(Helper), 24}, RelMay,
                         Pick(2) ? ActionKind::Lock : ActionKind::Unlock);
        return lockOn(M1);
      case 9:
        return call(Helper);
      default:
        return RandomAccess(In);
      }
    };
    auto RandomGraph = [&](const llvm::Function *F) {
      GraphBuilder GB(F);
      for (unsigned K = 0, N = 2 + Pick(8); K < N; ++K) {
        NodeId From = GB.Cur;
        GB.step(RandomAction(F));
        if (Pick(4) == 0) // An optional step: a join after it.
          GB.edge(From, GB.Cur, internal());
      }
      GB.finish(B.TM);
    };
    RandomGraph(Helper);
    for (const llvm::Function *F : Entries) {
      RandomGraph(F);
      B.thread(F, Pick(2) ? Multiplicity::Many : Multiplicity::Once);
    }
    if (Pick(3) == 0)
      B.TM.Objects[O].OwnedPerInstance.push_back(1 + Pick(2));
    for (unsigned Cap : {0u, 1u, 3u, 16u})
      checkAgainstPairwise(B.TM, Cap);
  }
}

//===----------------------------------------------------------------------===//
// Option verify: ThreadModel::verify and verifyLocksets
//===----------------------------------------------------------------------===//

namespace {
/// main: lock(m); x = 1; unlock(m). worker, many instances: x = 2; y read.
/// Candidates on x: main's write and a worker's, two workers' writes.
struct VerifyModel {
  ModelBuilder B;
  MemLoc M, X, Y;
  AccessId MainWX = 0, WorkerWX = 0, WorkerRY = 0;

  VerifyModel() {
    M = {B.object("m"), 0};
    X = {B.object("x"), 0};
    Y = {B.object("y"), 0};
    const llvm::Function *Main = B.function("main"),
                         *Worker = B.function("worker");
    MainWX = B.access(true, {X}, 3);
    WorkerWX = B.access(true, {X}, 7);
    WorkerRY = B.access(false, {Y}, 8);
    GraphBuilder G(Main);
    G.step(lockOn(M)).step(rw(B.TM, MainWX)).step(unlockOn(M)).finish(B.TM);
    GraphBuilder W(Worker);
    W.step(rw(B.TM, WorkerWX)).step(rw(B.TM, WorkerRY)).finish(B.TM);
    B.thread(Main);
    B.thread(Worker, Multiplicity::Many);
  }
};

bool has(const std::vector<std::string> &Problems, const std::string &P) {
  return llvm::is_contained(Problems, P);
}
} // namespace

TEST_CASE("verify: a model and its locksets as built break no invariant",
          "[verify]") {
  VerifyModel V;
  CHECK(V.B.TM.verify().empty());
  LocksetResult R = computeLocksets(V.B.TM);
  REQUIRE(R.Candidates.size() == 2);
  CHECK(verifyLocksets(V.B.TM, R).empty());
}

TEST_CASE("verify: each broken invariant of the thread model is named",
          "[verify]") {
  VerifyModel V;
  ThreadModel TM = V.B.TM;
  std::vector<std::string> Expected;
  SECTION("an access's object") {
    TM.Accesses[V.MainWX].Locs = {{9, 0}};
    Expected = {"access 0 'v0': memory object 9 of 3"};
  }
  SECTION("an edge past the graph's nodes") {
    TM.Functions[0].Edges[1].To = 42;
    Expected = {"graph of 'main', edge 1: from node 1 to node 42 of 4"};
  }
  SECTION("the entry node") {
    TM.Functions[0].Entry = 7;
    Expected = {"graph of 'main': entry node 7 of 4"};
  }
  SECTION("a successor list naming another node's edge") {
    TM.Functions[0].Succs[0] = {2};
    Expected = {"graph of 'main': node 0 lists edge 2, which leaves node 2"};
  }
  SECTION("a write naming a read access") {
    TM.Functions[1].Edges[0].A.Acc = V.WorkerRY;
    Expected = {"graph of 'worker', edge 0 (write): its access 2 is a read"};
  }
  SECTION("a creation site of a template that does not exist") {
    CreationSite C;
    C.Targets = {5};
    TM.Creations.push_back(C);
    Expected = {"creation site 0: runs thread template 5 of 2"};
  }
  SECTION("a must-object lock on a heap site") {
    ObjectId Heap = TM.Objects.size();
    MemObject O;
    O.Id = Heap;
    O.Kind = ObjectKind::Heap;
    O.Name = "heap@t.c:1";
    TM.Objects.push_back(O);
    TM.Functions[0].Edges[0].A.Objects = {{Heap, 0}};
    Expected = {"graph of 'main', edge 0 (lock): MustObject, but its objects "
                "are not one runtime object"};
  }
  SECTION("an object's id") {
    TM.Objects[1].Id = 2;
    Expected = {"memory object 1 'x': its Id is 2"};
  }
  CHECK(TM.verify() == Expected);
}

TEST_CASE("verify: each broken invariant of the lockset result is named",
          "[verify]") {
  VerifyModel V;
  const ThreadModel &TM = V.B.TM;
  LocksetResult R = computeLocksets(TM);
  REQUIRE(R.Candidates.size() == 2);
  HeldLock H;
  H.Loc = V.M;
  H.Name = "m";
  std::vector<std::string> Problems;
  SECTION("a candidate that a common lock protects") {
    Candidate &C = R.Candidates[0];
    for (AccessContext *X : {&C.First, &C.Second}) {
      X->Held = {H};
      R.Contexts.push_back(*X);
    }
    CHECK(verifyLocksets(TM, R) ==
          std::vector<std::string>{
              "lockset candidate 0 on 'x': a common lock protects it"});
  }
  SECTION("candidates of accesses that do not conflict") {
    ThreadModel Reads = TM;
    for (Access &A : Reads.Accesses)
      A.IsWrite = false;
    Problems = verifyLocksets(Reads, R);
    CHECK(Problems.size() == 2);
    const Candidate &C = R.Candidates[0];
    CHECK(has(Problems, "lockset candidate 0 on 'x': accesses '" +
                            TM.Accesses[C.First.Acc].Name + "' and '" +
                            TM.Accesses[C.Second.Acc].Name +
                            "' do not conflict"));
  }
  SECTION("a candidate whose context the layer did not compute") {
    HeldLock OnY;
    OnY.Loc = V.Y;
    OnY.Name = "y";
    R.Candidates[0].Second.Held = {OnY};
    CHECK(verifyLocksets(TM, R) ==
          std::vector<std::string>{"lockset candidate 0 on 'x': its second "
                                   "context is none of the layer's"});
  }
  SECTION("a context of an access that does not exist") {
    R.Contexts.push_back({1, 99, {}});
    CHECK(verifyLocksets(TM, R) ==
          std::vector<std::string>{"lockset context " +
                                   std::to_string(R.Contexts.size() - 1) +
                                   ": access 99 of 3"});
  }
  SECTION("a lockset with a duplicate") {
    R.Contexts.push_back({1, V.WorkerRY, {H, H}});
    CHECK(verifyLocksets(TM, R) ==
          std::vector<std::string>{"lockset context " +
                                   std::to_string(R.Contexts.size() - 1) +
                                   ": its lockset is not sorted and "
                                   "duplicate-free at 'm'"});
  }
  SECTION("candidates the count per location does not cover") {
    R.PairsPerLocation.clear();
    CHECK(verifyLocksets(TM, R) ==
          std::vector<std::string>{"lockset candidates on 'x': 2 kept, but 0 "
                                   "counted in PairsPerLocation"});
  }
  SECTION("candidates out of order") {
    std::swap(R.Candidates[0], R.Candidates[1]);
    R.Candidates[1].Loc = {V.M.Obj, 0};
    Problems = verifyLocksets(TM, R);
    CHECK(has(Problems, "lockset candidate 1 on 'x': not sorted by location"));
  }
}
