//===- PointsToTest.cpp - Andersen points-to analysis on small modules ----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/PointsTo/PointsTo.h"
#include "ThreadModelInternal.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace racesift;
using namespace llvm;

namespace {
struct Solved {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  std::vector<MemObject> Objects;
  std::unique_ptr<PointsToAnalysis> PTA;

  explicit Solved(const char *IR, unsigned MaxPointsTo = DefaultMaxPointsTo) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    if (!M) {
      Err.print("PointsToTest", errs());
      FAIL("IR does not parse");
    }
    PTA = std::make_unique<PointsToAnalysis>(*M, Objects, std::nullopt,
                                             MaxPointsTo);
  }

  const Value *value(StringRef Fn, StringRef Name) const {
    Function *F = M->getFunction(Fn);
    REQUIRE(F);
    for (Argument &A : F->args())
      if (A.getName() == Name)
        return &A;
    for (Instruction &I : instructions(F))
      if (I.getName() == Name)
        return &I;
    FAIL("no value " << Name.str());
    return nullptr;
  }

  /// The points-to set of %Name in Fn as "obj", "obj+8", "obj+?".
  std::set<std::string> pts(StringRef Fn, StringRef Name) const {
    std::set<std::string> Out;
    for (const MemLoc &L : PTA->pointsTo(value(Fn, Name))) {
      std::string S = Objects[L.Obj].Name;
      if (L.Offset == AnyOffset)
        S += "+?";
      else if (L.Offset)
        S += "+" + std::to_string(L.Offset);
      Out.insert(S);
    }
    return Out;
  }
};

using Set = std::set<std::string>;
} // namespace

TEST_CASE("points-to: fields are distinct", "[pta]") {
  Solved S(R"(
@a = global i32 0
@b = global i32 0
define void @f() {
  %s = alloca { ptr, ptr }
  %f1 = getelementptr { ptr, ptr }, ptr %s, i32 0, i32 1
  store ptr @a, ptr %s
  store ptr @b, ptr %f1
  %x = load ptr, ptr %s
  %y = load ptr, ptr %f1
  ret void
}
)");
  CHECK(S.pts("f", "f1") == Set{"s+8"});
  CHECK(S.pts("f", "x") == Set{"a"});
  CHECK(S.pts("f", "y") == Set{"b"});
}

TEST_CASE("points-to: copies through memory", "[pta]") {
  Solved S(R"(
@a = global i32 0
@p = global ptr null
define ptr @f() {
  store ptr @a, ptr @p
  %q = load ptr, ptr @p
  %r = load ptr, ptr @p
  ret ptr %r
}
define void @g() {
  %c = call ptr @f()
  ret void
}
)");
  CHECK(S.pts("f", "q") == Set{"a"});
  CHECK(S.pts("g", "c") == Set{"a"});
}

TEST_CASE("points-to: equal sets share one sorted list", "[pta]") {
  Solved S(R"(
@a = global [2 x i32] zeroinitializer
@b = global [2 x i32] zeroinitializer
@p = global ptr null
define void @f() {
  store ptr @b, ptr @p
  store ptr @a, ptr @p
  %q = load ptr, ptr @p
  %r = load ptr, ptr @p
  %s = getelementptr i8, ptr %q, i64 4
  ret void
}
)");
  // Two nodes (no cycle joins them) with one set: one list, sorted.
  ArrayRef<MemLoc> Q = S.PTA->pointsTo(S.value("f", "q"));
  ArrayRef<MemLoc> R = S.PTA->pointsTo(S.value("f", "r"));
  REQUIRE(Q.size() == 2);
  CHECK(std::is_sorted(Q.begin(), Q.end()));
  CHECK(Q.data() == R.data());
  CHECK(S.pts("f", "r") == Set{"a", "b"});
  // Another set of the same size gets a list of its own.
  ArrayRef<MemLoc> Sh = S.PTA->pointsTo(S.value("f", "s"));
  CHECK(Sh.data() != Q.data());
  CHECK(S.pts("f", "s") == Set{"a+4", "b+4"});
}

TEST_CASE("points-to: memcpy copies every field from the offset on", "[pta]") {
  Solved S(R"(
@a = global i32 0
@b = global i32 0
define void @f() {
  %src = alloca { ptr, ptr }
  %dst = alloca { ptr, ptr }
  %s1 = getelementptr i8, ptr %src, i64 8
  store ptr @a, ptr %src
  store ptr @b, ptr %s1
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 16, i1 false)
  %d1 = getelementptr i8, ptr %dst, i64 8
  %x = load ptr, ptr %dst
  %y = load ptr, ptr %d1
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
)");
  CHECK(S.pts("f", "x") == Set{"a"});
  CHECK(S.pts("f", "y") == Set{"b"});
}

TEST_CASE("points-to: memcpy to an unknown offset reaches every field",
          "[pta]") {
  // The destination is at AnyOffset: every field copied lands in every
  // field of it, whichever of the source's fields and the destination the
  // solver meets first (through memory, the second copy's source and the
  // third copy's destination arrive after the other side). The slots are
  // globals: a local slot would be promoted to SSA values (slot-ssa) and
  // its value would arrive at once.
  Solved S(R"(
@a = global i32 0
@b = global i32 0
@gsrc = global { ptr, ptr } { ptr @a, ptr @b }
@slot = global ptr null
@slot3 = global ptr null
@slot4 = global ptr null
define void @f(i64 %i) {
  %src = alloca { ptr, ptr }
  %dst = alloca { ptr, ptr }
  %dst2 = alloca { ptr, ptr }
  %dst3 = alloca { ptr, ptr }
  %s1 = getelementptr i8, ptr %src, i64 8
  store ptr @a, ptr %src
  store ptr @b, ptr %s1
  %d = getelementptr i8, ptr %dst, i64 %i
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %src, i64 16, i1 false)
  store ptr %src, ptr @slot
  %late = load ptr, ptr @slot
  %e = getelementptr i8, ptr %dst2, i64 %i
  call void @llvm.memcpy.p0.p0.i64(ptr %e, ptr %late, i64 16, i1 false)
  %d1 = getelementptr i8, ptr %dst, i64 8
  %x = load ptr, ptr %dst
  %y = load ptr, ptr %d1
  %z = load ptr, ptr %d
  %e1 = getelementptr i8, ptr %dst2, i64 8
  %u = load ptr, ptr %dst2
  %v = load ptr, ptr %e1
  %g = getelementptr i8, ptr %dst3, i64 %i
  store ptr %g, ptr @slot3
  %g2 = load ptr, ptr @slot3
  store ptr %g2, ptr @slot4
  %glate = load ptr, ptr @slot4
  call void @llvm.memcpy.p0.p0.i64(ptr %glate, ptr @gsrc, i64 16, i1 false)
  %g1 = getelementptr i8, ptr %dst3, i64 8
  %m = load ptr, ptr %dst3
  %n = load ptr, ptr %g1
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
)");
  CHECK(S.pts("f", "d") == Set{"dst+?"});
  for (const char *V : {"x", "y", "z", "u", "v", "m", "n"})
    CHECK(S.pts("f", V) == Set{"a", "b"});
}

TEST_CASE("points-to: a copy cycle converges to one set", "[pta]") {
  Solved S(R"(
@a = global i32 0
@b = global i32 0
define void @f(i1 %c) {
entry:
  br label %loop
loop:
  %x = phi ptr [ @a, %entry ], [ %z, %loop ]
  %y = phi ptr [ %x, %loop ], [ @b, %entry ]
  %z = select i1 %c, ptr %y, ptr %x
  br i1 %c, label %loop, label %out
out:
  %w = load i32, ptr %z
  ret void
}
)");
  CHECK(S.pts("f", "x") == Set{"a", "b"});
  CHECK(S.pts("f", "y") == Set{"a", "b"});
  CHECK(S.pts("f", "z") == Set{"a", "b"});
}

TEST_CASE("points-to: a positive-weight cycle is a stride of its offset",
          "[pta]") {
  Solved S(R"(
@arr = global [64 x ptr] zeroinitializer
@odd = global [64 x ptr] zeroinitializer
@a = global i32 0
define void @f(i1 %c) {
entry:
  br label %loop
loop:
  %p = phi ptr [ @arr, %entry ], [ %q, %loop ]
  store ptr @a, ptr %p
  %q = getelementptr i8, ptr %p, i64 8
  br i1 %c, label %loop, label %out
out:
  %e = getelementptr i8, ptr @arr, i64 256
  %v = load ptr, ptr %e
  ret void
}
define void @g(i1 %c) {
entry:
  br label %loop
loop:
  %p = phi ptr [ @odd, %entry ], [ %q, %loop ]
  %q = getelementptr i8, ptr %p, i64 12
  br i1 %c, label %loop, label %out
out:
  ret void
}
)");
  // Stepping over whole elements: one element stands for all of them
  // (array-elements); the cycle does not enumerate fields.
  CHECK(S.pts("f", "p") == Set{"arr"});
  // The store through the cycle reaches every element (soundness).
  CHECK(S.pts("f", "v") == Set{"a"});
  // Steps across elements' fields: AnyOffset, inside the object.
  Set P = S.pts("g", "p");
  CHECK(P.count("odd+?"));
  CHECK(P.size() <= 3);
  for (const std::string &L : P)
    CHECK(L.rfind("odd", 0) == 0);
}

TEST_CASE("points-to: indirect calls bind arguments and results", "[pta]") {
  Solved S(R"(
@a = global i32 0
@fp = global ptr null
define ptr @id(ptr %arg) {
  ret ptr %arg
}
define void @f() {
  store ptr @id, ptr @fp
  %fn = load ptr, ptr @fp
  %r = call ptr %fn(ptr @a)
  ret void
}
define i32 @main() {
  ret i32 0
}
)");
  CHECK(S.pts("id", "arg") == Set{"a"});
  CHECK(S.pts("f", "r") == Set{"a"});
  const auto *CB = cast<CallBase>(S.value("f", "r"));
  REQUIRE(S.PTA->callees(*CB).size() == 1);
  CHECK(S.PTA->callees(*CB)[0]->getName() == "id");
}

TEST_CASE("points-to: a virtual call's override gets only its receivers",
          "[pta]") {
  // @x's vptr comes from its initialiser, @y's from a constructor that
  // stores the base vtable first (as C++ constructors do): @y's receiver
  // reaches the base's function too, @x's does not.
  const char *IR = R"(
@vbase = constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @fbase] }
@vx = constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @fx] }
@vy = constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @fy] }
@x = global { ptr, i64 } { ptr getelementptr inbounds ({ [3 x ptr] }, ptr @vx, i32 0, i32 0, i32 2), i64 0 }
@y = global { ptr, i64 } zeroinitializer
define void @fbase(ptr %this) {
  ret void
}
define void @fx(ptr %this) {
  ret void
}
define void @fy(ptr %this) {
  ret void
}
define void @ctor(ptr %o) {
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @vbase, i32 0, i32 0, i32 2), ptr %o
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @vy, i32 0, i32 0, i32 2), ptr %o
  ret void
}
define void @run(ptr %p) {
  %vt = load ptr, ptr %p
  %fn = load ptr, ptr %vt
  call void %fn(ptr %p)
  ret void
}
define i32 @main() {
  call void @ctor(ptr @y)
  call void @run(ptr @x)
  call void @run(ptr @y)
  ret i32 0
}
)";
  Solved S(IR);
  CHECK(S.pts("run", "p") == Set{"x", "y"});
  CHECK(S.pts("fx", "this") == Set{"x"});
  CHECK(S.pts("fy", "this") == Set{"y"});
  CHECK(S.pts("fbase", "this") == Set{"y"});

  const CallBase *Call = nullptr;
  for (Instruction &I : instructions(S.M->getFunction("run")))
    if (auto *CB = dyn_cast<CallBase>(&I))
      Call = CB;
  REQUIRE(Call);
  CHECK(S.PTA->callees(*Call).size() == 3);
}

TEST_CASE("points-to: a virtual call with too many receivers binds them all",
          "[pta]") {
  // 65 receivers (past MaxReceivers), 64 of type A and one of type B: each
  // override then gets the whole argument, as a plain indirect call.
  std::string IR = R"(
@va = constant { [1 x ptr] } { [1 x ptr] [ptr @fa] }
@vb = constant { [1 x ptr] } { [1 x ptr] [ptr @fb] }
define void @fa(ptr %this) {
  ret void
}
define void @fb(ptr %this) {
  ret void
}
define void @run(ptr %p) {
  %vt = load ptr, ptr %p
  %fn = load ptr, ptr %vt
  call void %fn(ptr %p)
  ret void
}
)";
  std::string Main = "define i32 @main() {\n";
  for (int I = 0; I < 65; ++I) {
    std::string G = "@o" + std::to_string(I);
    IR += G + " = global ptr @" + (I == 64 ? "vb" : "va") + "\n";
    Main += "  call void @run(ptr " + G + ")\n";
  }
  IR += Main + "  ret i32 0\n}\n";
  Solved S(IR.c_str());
  CHECK(S.pts("run", "p").size() == 65);
  CHECK(S.pts("fa", "this").size() == 65);
  CHECK(S.pts("fb", "this").size() == 65);
  bool Named = false;
  for (const std::string &C : S.PTA->compromises())
    Named |= StringRef(C).starts_with("virtual-receivers-limit:");
  CHECK(Named);
}

TEST_CASE("points-to: pthread_create passes its argument", "[pta]") {
  Solved S(R"(
@a = global i32 0
@t = global i64 0
@routine = global ptr null
define ptr @worker(ptr %arg) {
  ret ptr null
}
define void @main() {
  store ptr @worker, ptr @routine
  %r = load ptr, ptr @routine
  %c = call i32 @pthread_create(ptr @t, ptr null, ptr %r, ptr @a)
  ret void
}
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
)");
  CHECK(S.pts("worker", "arg") == Set{"a"});
  REQUIRE(S.PTA->threadStarts().size() == 1);
  CHECK(S.PTA->threadStarts()[0].Routine->getName() == "worker");
}

TEST_CASE("points-to: unknown externals return one External object", "[pta]") {
  Solved S(R"(
define void @f() {
  %r = call ptr @mystery()
  %s = call ptr @mystery()
  ret void
}
define i32 @main() {
  ret i32 0
}
declare ptr @mystery()
)");
  CHECK(S.pts("f", "r") == Set{"ext@mystery+?"});
  CHECK(S.pts("f", "s") == Set{"ext@mystery+?"});
  CHECK(S.PTA->mayPointToUnknown(S.value("f", "r")));
  const auto &C = S.PTA->compromises();
  CHECK(std::find(C.begin(), C.end(), "unknown-external: mystery") != C.end());
}

TEST_CASE("points-to: field views follow the declared type", "[pta]") {
  Solved S(R"(
%struct.Pair = type { ptr, ptr }
%struct.Outer = type { i64, %struct.Pair.7 }
%struct.Pair.7 = type { ptr, ptr }
%struct.Ints = type { i32, i32, ptr }
%union.U = type { %struct.Ints }
@pair = global %struct.Pair zeroinitializer
@outer = global %struct.Outer zeroinitializer
@ints = global %struct.Ints zeroinitializer
@u = global %union.U zeroinitializer
@buf = global [32 x i8] zeroinitializer
define void @f(i1 %c1, i1 %c2, i1 %c3, i1 %c4) {
  %in = getelementptr %struct.Outer, ptr @outer, i32 0, i32 1
  %p1 = select i1 %c1, ptr @pair, ptr @ints
  %p2 = select i1 %c2, ptr %p1, ptr %in
  %p3 = select i1 %c3, ptr %p2, ptr @u
  %p = select i1 %c4, ptr %p3, ptr @buf
  %field = getelementptr %struct.Pair, ptr %p, i32 0, i32 1
  %elem = getelementptr i32, ptr %p, i64 1
  %byte = getelementptr i8, ptr %p, i64 2
  %next = getelementptr %struct.Pair, ptr %p, i64 1
  ret void
}
)");
  // Pair at offset 8: pair, the renamed Pair inside outer, the union and
  // the char buffer (anywhere in it); ints holds an i32 there.
  CHECK(S.pts("f", "field") == Set{"pair+8", "outer+16", "u+8", "buf+?"});
  // An i32 element: ints (its y) and the union only.
  CHECK(S.pts("f", "elem") == Set{"ints+4", "u+4", "buf+?"});
  // Byte 2 lies inside a pointer or an int (that field), in the char array
  // (the array), or in the union (kept).
  CHECK(S.pts("f", "byte") == Set{"pair", "outer+8", "ints", "u+2", "buf"});
  // One Pair further: past the end of each object that holds a Pair (an
  // unknown offset); never in ints.
  CHECK(S.pts("f", "next") == Set{"pair+?", "outer+?", "u+?", "buf+?"});
}

TEST_CASE("points-to: past the budget a pointer and what it flows to are "
          "unresolved",
          "[pta]") {
  const char *IR = R"(
@a = global i32 0
@b = global i32 0
@c = global i32 0
@d = global i32 0
@e = global i32 0
@g = global ptr @d
define void @f(i32 %k, i1 %c1) {
entry:
  switch i32 %k, label %two [ i32 0, label %zero
                              i32 1, label %one ]
zero:
  br label %join
one:
  br label %join
two:
  br label %join
join:
  %p = phi ptr [ @a, %zero ], [ @b, %one ], [ @c, %two ]
  %q = getelementptr i8, ptr %p, i64 4
  %r = load ptr, ptr %p
  %s = select i1 %c1, ptr %p, ptr @d
  store ptr @e, ptr %p
  %u = load ptr, ptr @g
  ret void
}
define i32 @main() {
  ret i32 0
}
)";
  Solved Cut(IR, 2);
  for (const char *V : {"p", "q", "r", "s"}) {
    INFO(V);
    CHECK(Cut.PTA->unresolved(Cut.value("f", V)));
    CHECK(Cut.pts("f", V).empty());
  }
  CHECK_FALSE(Cut.PTA->unresolved(Cut.value("f", "u")));
  CHECK(Cut.pts("f", "u") == Set{"d"});
  // What the unresolved pointer had gathered, what flowed into unresolved
  // values (@d into %s) and what was stored through one may be reached
  // through them.
  Set Targets;
  for (ObjectId O : Cut.PTA->unresolvedTargets())
    Targets.insert(Cut.Objects[O].Name);
  CHECK(Targets == Set{"a", "b", "c", "d", "e"});
  bool Named = false;
  for (const std::string &C : Cut.PTA->compromises())
    Named |= StringRef(C).starts_with(
        "points-to-budget: 4 pointer value(s) may point to more than 2");
  CHECK(Named);

  // Within the budget (%s has four) nothing changes.
  Solved Whole(IR, 4);
  CHECK_FALSE(Whole.PTA->unresolved(Whole.value("f", "p")));
  CHECK(Whole.pts("f", "p") == Set{"a", "b", "c"});
  CHECK(Whole.pts("f", "q") == Set{"a+?", "b+?", "c+?"});
  CHECK(Whole.pts("f", "r") == Set{"e"});
  CHECK(Whole.pts("f", "s") == Set{"a", "b", "c", "d"});
  CHECK(Whole.PTA->unresolvedTargets().empty());
}

TEST_CASE("points-to: the step budget stops the solver at the same step",
          "[pta]") {
  const char *IR = R"(
@a = global i32 0
@b = global i32 0
@c = global i32 0
define void @f(i1 %c) {
entry:
  %p = alloca ptr
  %q = alloca ptr
  store ptr @a, ptr %p
  store ptr @b, ptr %q
  %x = load ptr, ptr %p
  %y = load ptr, ptr %q
  %z = select i1 %c, ptr %x, ptr %y
  store ptr %z, ptr %p
  store ptr @c, ptr %q
  %w = load ptr, ptr %p
  ret void
}
)";
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  REQUIRE(M);
  std::vector<MemObject> Objects;
  PointsToAnalysis Free(*M, Objects, std::nullopt, DefaultMaxPointsTo);
  CHECK_FALSE(Free.exhausted());
  CHECK_FALSE(Free.stepsSpent());
  uint64_t Needed = Free.steps();
  REQUIRE(Needed > 2);
  {
    // Exactly what the fixpoint needs is enough.
    std::vector<MemObject> O2;
    PointsToAnalysis Enough(*M, O2, std::nullopt, DefaultMaxPointsTo, Needed);
    CHECK_FALSE(Enough.exhausted());
    CHECK(Enough.steps() == Needed);
  }
  {
    // The budget is checked before each pop: the pop that spends it
    // finishes, and the solver stops if work is left.
    std::vector<MemObject> O2;
    PointsToAnalysis Cut(*M, O2, std::nullopt, DefaultMaxPointsTo, 1);
    CHECK(Cut.exhausted());
    CHECK(Cut.stepsSpent());
    CHECK(Cut.steps() >= 1);
    CHECK(Cut.steps() < Needed);
  }
}

TEST_CASE("points-to: locals whose address stays in their frame", "[pta]") {
  // uncaptured-stack (Captures.cpp): a local only loaded and stored
  // through, kept in -O0 spill slots, or handed to parameters that do the
  // same is reached by its own thread alone.
  const char *IR = R"(
@g = global ptr null
declare void @ext(ptr)
declare void @extnc(ptr nocapture)
define void @reads(ptr %p) {
  %p.addr = alloca ptr
  store ptr %p, ptr %p.addr
  %q = load ptr, ptr %p.addr
  %f = getelementptr i32, ptr %q, i64 1
  %v = load i32, ptr %f
  store i32 %v, ptr %q
  ret void
}
define void @keeps(ptr %p) {
  store ptr %p, ptr @g
  ret void
}
define void @passes(ptr %p) {
  call void @keeps(ptr %p)
  ret void
}
define void @recurse(ptr %p, i1 %c) {
  br i1 %c, label %a, label %b
a:
  call void @recurse(ptr %p, i1 false)
  ret void
b:
  %v = load i32, ptr %p
  ret void
}
define ptr @returns(ptr %p) {
  ret ptr %p
}
define void @f(ptr %fp) {
  %inreads = alloca i32
  %inkeeps = alloca i32
  %inpasses = alloca i32
  %inrec = alloca i32
  %inret = alloca i32
  %inext = alloca i32
  %inextnc = alloca i32
  %inind = alloca i32
  %cmp = alloca i32
  %memset = alloca [4 x i32]
  call void @reads(ptr %inreads)
  call void @keeps(ptr %inkeeps)
  call void @passes(ptr %inpasses)
  call void @recurse(ptr %inrec, i1 true)
  %r = call ptr @returns(ptr %inret)
  call void @ext(ptr %inext)
  call void @extnc(ptr %inextnc)
  call void %fp(ptr %inind)
  %eq = icmp eq ptr %cmp, null
  call void @llvm.memset.p0.i64(ptr %memset, i8 0, i64 16, i1 false)
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
)";
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  REQUIRE(M);
  DenseSet<const AllocaInst *> Free = findUncapturedAllocas(*M);
  auto IsFree = [&](StringRef Name) {
    for (const Instruction &I : instructions(*M->getFunction("f")))
      if (I.getName() == Name)
        return Free.count(cast<AllocaInst>(&I)) != 0;
    FAIL("no alloca " << Name.str());
    return false;
  };
  CHECK(IsFree("inreads"));
  CHECK_FALSE(IsFree("inkeeps"));
  CHECK_FALSE(IsFree("inpasses"));
  CHECK(IsFree("inrec"));
  CHECK_FALSE(IsFree("inret"));
  CHECK_FALSE(IsFree("inext"));
  CHECK(IsFree("inextnc"));
  CHECK_FALSE(IsFree("inind"));
  CHECK(IsFree("cmp"));
  CHECK(IsFree("memset"));
  // The spill slot itself: only loaded and stored through.
  for (const Instruction &I : instructions(*M->getFunction("reads")))
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      CHECK(Free.count(AI));
}

TEST_CASE("points-to: array elements fold by element size", "[pta]") {
  // array-elements: an array indexed at a variable position keeps its
  // elements' fields apart and takes every offset modulo the element size,
  // constant indices included; one indexed only by constants keeps its
  // elements apart; byte arithmetic at a variable index is AnyOffset.
  Solved S(R"(
%T = type { i64, i32, i32 }
%P = type { ptr, ptr }
@arr = global [4 x %T] zeroinitializer
@tab = global [4 x %T] zeroinitializer
@parr = global [4 x %P] zeroinitializer
@x = global i32 0
@y = global i32 0
define void @f(i64 %i) {
  store ptr @x, ptr getelementptr ([4 x %P], ptr @parr, i64 0, i64 3, i32 0)
  store ptr @y, ptr getelementptr ([4 x %P], ptr @parr, i64 0, i64 1, i32 1)
  %e = getelementptr [4 x %T], ptr @arr, i64 0, i64 %i, i32 1
  %c = getelementptr [4 x %T], ptr @arr, i64 0, i64 2, i32 2
  %k = getelementptr [4 x %T], ptr @tab, i64 0, i64 2, i32 2
  %b = getelementptr i8, ptr @arr, i64 %i
  %s = getelementptr [4 x %T], ptr @arr, i64 0, i64 %i
  %n = getelementptr %T, ptr %s, i64 1, i32 1
  %q = getelementptr [4 x %P], ptr @parr, i64 0, i64 %i, i32 0
  %v = load ptr, ptr %q
  ret void
}
)");
  CHECK(S.pts("f", "e") == Set{"arr+8"});
  CHECK(S.pts("f", "c") == Set{"arr+12"});
  CHECK(S.pts("f", "k") == Set{"tab+44"});
  CHECK(S.pts("f", "b") == Set{"arr+?"});
  CHECK(S.pts("f", "n") == Set{"arr+8"});
  // What was stored in element 3 (and only there) is read through [i]; the
  // other field's content stays apart.
  CHECK(S.pts("f", "v") == Set{"x"});
  auto Folded = [&](StringRef Name) {
    for (const MemObject &O : S.Objects)
      if (O.Name == Name)
        return O.ElementsFolded;
    FAIL("no object " << Name.str());
    return false;
  };
  CHECK(Folded("arr"));
  CHECK(Folded("parr"));
  CHECK_FALSE(Folded("tab"));
}

TEST_CASE("points-to: a member array's variable index lists its elements",
          "[pta]") {
  // member-array-elements: `&s.arr[i]` (one GEP, or -O0's two) selects one
  // of arr's elements, not every field of s; larger arrays, a second
  // variable index, and an index into an array object fold as before.
  Solved S(R"(
%S = type { [4 x i32], i32, [32 x i8] }
%T = type { i64, [2 x i32] }
@s = global %S zeroinitializer
@arr = global [4 x %T] zeroinitializer
define void @f(i64 %i, i64 %j) {
  %one = getelementptr %S, ptr @s, i64 0, i32 0, i64 %i
  %m = getelementptr %S, ptr @s, i64 0, i32 0
  %two = getelementptr [4 x i32], ptr %m, i64 0, i64 %i
  %big = getelementptr %S, ptr @s, i64 0, i32 2, i64 %i
  %e = getelementptr [4 x %T], ptr @arr, i64 0, i64 %i, i32 1, i64 %j
  %a = getelementptr [4 x %T], ptr @arr, i64 0, i64 1, i32 1
  %ae = getelementptr [2 x i32], ptr %a, i64 0, i64 %j
  ret void
}
)");
  Set Elements{"s", "s+4", "s+8", "s+12"};
  CHECK(S.pts("f", "one") == Elements);
  CHECK(S.pts("f", "two") == Elements);
  CHECK(S.pts("f", "big") == Set{"s+?"});
  CHECK(S.pts("f", "e") == Set{"arr+?"});
  // arr[1].b[j] is b[0] or b[1] of element 1 (%e's two variable indices
  // make it AnyOffset without folding arr).
  CHECK(S.pts("f", "ae") == Set{"arr+24", "arr+28"});
}
