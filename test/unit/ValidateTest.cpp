//===- ValidateTest.cpp - Witness validation and refinement's field rule --===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// validateWitness on small modules with hand-written interleavings (the
// steps the model checker would hand over), isTrackableField on globals
// whose uses differ in one point each, and SymOps::pick.
//
//===----------------------------------------------------------------------===//

#include "racesift/Validate/Validate.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "../../lib/Validate/SymValue.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <string>

using namespace racesift;
using namespace llvm;

namespace {

/// A module and its thread model.
struct Program {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  ThreadModel TM;

  explicit Program(const std::string &IR) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    if (!M) {
      Err.print("ValidateTest", errs());
      FAIL("IR does not parse");
    }
    TM = buildThreadModel(*M);
  }

  TemplateId templateOf(StringRef Fn) const {
    for (const ThreadTemplate &T : TM.Templates)
      if (T.Entry && T.Entry->getName() == Fn)
        return T.Id;
    FAIL("no thread template runs " << Fn.str());
    return InvalidTemplate;
  }

  const Instruction *named(StringRef Fn, StringRef Name) const {
    for (const Instruction &I : instructions(*M->getFunction(Fn)))
      if (I.getName() == Name)
        return &I;
    FAIL("no instruction %" << Name.str() << " in " << Fn.str());
    return nullptr;
  }

  /// The store of the constant V in Fn.
  const Instruction *storeOf(StringRef Fn, uint64_t V) const {
    for (const Instruction &I : instructions(*M->getFunction(Fn)))
      if (auto *SI = dyn_cast<StoreInst>(&I))
        if (auto *C = dyn_cast<ConstantInt>(SI->getValueOperand());
            C && C->getZExtValue() == V)
          return SI;
    FAIL("no store of " << V << " in " << Fn.str());
    return nullptr;
  }

  /// main creates w as instance 1; then w's `x = 1` and main's `x = 2`
  /// race.
  ReplayInput createThenRace() const {
    TemplateId Main = templateOf("main"), W = templateOf("w");
    ReplayInput In;
    In.Steps.push_back({0, Main, ActionKind::Create, named("main", "c"), 1});
    In.Steps.push_back({1, W, ActionKind::Write, storeOf("w", 1)});
    In.Steps.push_back({0, Main, ActionKind::Write, storeOf("main", 2)});
    return In;
  }
};

constexpr const char *Layout =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-"
    "i128:128-f80:128-n8:16:32:64-S128\"\n"
    "target triple = \"x86_64-pc-linux-gnu\"\n";

/// main stores to x only when Guard (a sequence of instructions defining
/// %go) holds, while w stores to x unconditionally.
std::string guardedRace(const std::string &Guard) {
  return std::string(Layout) + R"(
@x = global i32 0
@flag = global i32 0

define ptr @w(ptr %a) {
entry:
  store i32 1, ptr @x
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @w, ptr null)
)" + Guard +
         R"(
  br i1 %go, label %then, label %end
then:
  store i32 2, ptr @x
  br label %end
end:
  %h = load i64, ptr %t
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare void @opaque()
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
)";
}

} // namespace

TEST_CASE("validateWitness: a race that needs an input is feasible with "
          "the smallest value",
          "[validate]") {
  Program P(guardedRace("  %go = icmp sgt i32 %argc, 2"));
  ValidationResult R = validateWitness(P.TM, P.createThenRace());
  INFO(R.Reason);
  REQUIRE(R.F == Feasibility::Feasible);
  REQUIRE(R.Values.size() == 1);
  CHECK(R.Values[0].first == "argc");
  CHECK(R.Values[0].second == "3");
  CHECK(R.Entries.empty());
  CHECK(R.Deciding.empty());
  CHECK(R.Steps > 0);
  CHECK(R.Queries > 0);
}

TEST_CASE("validateWitness: a guard that multiplies two unknowns is "
          "decided with the smallest value",
          "[validate]") {
  // argc * argc == 49 with argc > 0: a nonlinear condition.
  Program P(guardedRace("  %sq = mul i32 %argc, %argc\n"
                        "  %is49 = icmp eq i32 %sq, 49\n"
                        "  %pos = icmp sgt i32 %argc, 0\n"
                        "  %go = and i1 %is49, %pos"));
  ValidationResult R = validateWitness(P.TM, P.createThenRace());
  INFO(R.Reason);
  REQUIRE(R.F == Feasibility::Feasible);
  REQUIRE(R.Values.size() == 1);
  CHECK(R.Values[0].first == "argc");
  CHECK(R.Values[0].second == "7");
}

TEST_CASE("validateWitness: a remainder by an unknown is decided by "
          "small inputs",
          "[validate]") {
  // argc % (argc - 4) == 1 with argc > 4: nonlinear, and argc = 7 (the
  // smallest) makes it hold. The search over small inputs finds it before
  // the solver is asked.
  Program P(guardedRace("  %d = sub i32 %argc, 4\n"
                        "  %r = urem i32 %argc, %d\n"
                        "  %is1 = icmp eq i32 %r, 1\n"
                        "  %big = icmp sgt i32 %argc, 4\n"
                        "  %go = and i1 %is1, %big"));
  ValidationResult R = validateWitness(P.TM, P.createThenRace());
  INFO(R.Reason);
  REQUIRE(R.F == Feasibility::Feasible);
  REQUIRE(R.Values.size() == 1);
  CHECK(R.Values[0].first == "argc");
  CHECK(R.Values[0].second == "7");
}

TEST_CASE("validateWitness: one unknown is searched further than several",
          "[validate]") {
  // argc % 7 == 3 and argc * argc % 11 == 5: the smallest argc is 59, past
  // the values tried for several unknowns.
  Program P(guardedRace("  %r7 = urem i32 %argc, 7\n"
                        "  %is3 = icmp eq i32 %r7, 3\n"
                        "  %sq = mul i32 %argc, %argc\n"
                        "  %r11 = urem i32 %sq, 11\n"
                        "  %is5 = icmp eq i32 %r11, 5\n"
                        "  %go = and i1 %is3, %is5"));
  ValidationResult R = validateWitness(P.TM, P.createThenRace());
  INFO(R.Reason);
  REQUIRE(R.F == Feasibility::Feasible);
  REQUIRE(R.Values.size() == 1);
  CHECK(R.Values[0].first == "argc");
  CHECK(R.Values[0].second == "59");
}

TEST_CASE("validateWitness: a branch the solver gives up on is left, and "
          "the replay goes on",
          "[validate]") {
  // argc * argc == 2 has no solution in 32 bits, but neither the search
  // over small inputs nor the solver within a 64th of a tiny budget shows
  // it: that side is dropped. Before, the replay ended there.
  ValidationOptions Opts;
  Opts.MaxSolverWork = 64 * 200;
  SECTION("the race on the other side is confirmed") {
    Program P(guardedRace("  %sq = mul i32 %argc, %argc\n"
                          "  %go = icmp ne i32 %sq, 2"));
    ValidationResult R = validateWitness(P.TM, P.createThenRace(), Opts);
    INFO(R.Reason);
    CHECK(R.F == Feasibility::Feasible);
  }
  SECTION("a race only behind it is not called infeasible") {
    Program P(guardedRace("  %sq = mul i32 %argc, %argc\n"
                          "  %go = icmp eq i32 %sq, 2"));
    ValidationResult R = validateWitness(P.TM, P.createThenRace(), Opts);
    INFO(R.Reason);
    REQUIRE(R.F == Feasibility::Unknown);
    CHECK(StringRef(R.Reason).starts_with("the solver gave up on a branch"));
  }
}

TEST_CASE("validateWitness: a branch on a global no thread sets makes the "
          "interleaving infeasible and names the global",
          "[validate]") {
  Program P(guardedRace("  %f = load i32, ptr @flag\n"
                        "  %go = icmp ne i32 %f, 0"));
  ValidationResult R = validateWitness(P.TM, P.createThenRace());
  INFO(R.Reason);
  REQUIRE(R.F == Feasibility::Infeasible);
  CHECK(StringRef(R.Reason).contains("before step of 'main'"));
  CHECK(R.Values.empty());
  REQUIRE(R.Deciding.size() == 1);
  CHECK(R.Deciding[0] == P.M->getNamedGlobal("flag"));
}

TEST_CASE("validateWitness: a dead path after an unknown call proves "
          "nothing",
          "[validate]") {
  Program P(guardedRace("  call void @opaque()\n"
                        "  %f = load i32, ptr @flag\n"
                        "  %go = icmp ne i32 %f, 0"));
  ValidationResult R = validateWitness(P.TM, P.createThenRace());
  INFO(R.Reason);
  REQUIRE(R.F == Feasibility::Unknown);
  CHECK(StringRef(R.Reason).ends_with("taking 'opaque' on trust"));
  // Still a refinement hint: the branch read flag.
  REQUIRE(R.Deciding.size() == 1);
  CHECK(R.Deciding[0] == P.M->getNamedGlobal("flag"));
}

TEST_CASE("validateWitness: an interleaving without both accesses is not "
          "validated",
          "[validate]") {
  Program P(guardedRace("  %go = icmp sgt i32 %argc, 2"));
  ReplayInput In = P.createThenRace();
  In.Steps.resize(1);
  ValidationResult R = validateWitness(P.TM, In);
  CHECK(R.F == Feasibility::Unknown);
  CHECK(R.Reason == "an empty interleaving");
}

TEST_CASE("validateWitness: the step and query budgets give Unknown, the "
          "same on every run",
          "[validate]") {
  Program P(guardedRace("  %go = icmp sgt i32 %argc, 2"));
  ReplayInput In = P.createThenRace();
  ValidationResult Full = validateWitness(P.TM, In);
  REQUIRE(Full.F == Feasibility::Feasible);

  SECTION("exactly the steps the replay needs are enough") {
    ValidationOptions O;
    O.MaxSteps = Full.Steps;
    ValidationResult R = validateWitness(P.TM, In, O);
    CHECK(R.F == Feasibility::Feasible);
    CHECK(R.Steps == Full.Steps);
  }
  SECTION("one step fewer is not") {
    ValidationOptions O;
    O.MaxSteps = Full.Steps - 1;
    ValidationResult R = validateWitness(P.TM, In, O);
    CHECK(R.F == Feasibility::Unknown);
    CHECK(R.Reason == "the validation step budget ran out");
    ValidationResult Again = validateWitness(P.TM, In, O);
    CHECK(Again.F == R.F);
    CHECK(Again.Reason == R.Reason);
    CHECK(Again.Steps == R.Steps);
    CHECK(Again.Queries == R.Queries);
  }
  SECTION("the input's branch needs a query") {
    ValidationOptions O;
    O.MaxQueries = 0;
    ValidationResult R = validateWitness(P.TM, In, O);
    CHECK(R.F == Feasibility::Unknown);
    CHECK(R.Reason == "the validation query budget ran out");
    CHECK(R.Values.empty());
  }
  SECTION("as many queries as the replay asked are enough") {
    ValidationOptions O;
    O.MaxQueries = Full.Queries;
    ValidationResult R = validateWitness(P.TM, In, O);
    CHECK(R.F == Feasibility::Feasible);
    REQUIRE(R.Values.size() == 1);
    CHECK(R.Values[0].second == "3");
  }
}

//===----------------------------------------------------------------------===//
// isTrackableField
//===----------------------------------------------------------------------===//

namespace {

/// s.busy (offset 0) is loaded and compared with 0 and set to 1 by f; s.other
/// (offset 4) is read. Extra adds one more use of s to f.
std::string fieldUses(const std::string &Extra) {
  return std::string(Layout) + R"(
%struct.S = type { i32, i32 }
@s = global %struct.S zeroinitializer
@p = global ptr null

define i32 @f() {
entry:
  %v = load i32, ptr @s
  %free = icmp eq i32 %v, 0
  br i1 %free, label %set, label %end
set:
  store i32 1, ptr @s
  br label %end
end:
  %o = load i32, ptr getelementptr inbounds (%struct.S, ptr @s, i32 0, i32 1)
)" + Extra +
         R"(
  ret i32 %o
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
)";
}

bool busyTrackable(const std::string &Extra) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(fieldUses(Extra), Err, Ctx);
  if (!M) {
    Err.print("ValidateTest", errs());
    FAIL("IR does not parse");
  }
  return isTrackableField(M->getNamedGlobal("s"), M->getDataLayout());
}

} // namespace

TEST_CASE("isTrackableField: a flag field compared with constants",
          "[validate][threadmodel]") {
  CHECK(busyTrackable(""));
  // Another field's own accesses do not matter.
  CHECK(busyTrackable(
      "  store i32 %o, ptr getelementptr inbounds (%struct.S, ptr @s, i32 0, "
      "i32 1)"));
}

TEST_CASE("isTrackableField: not when the global's address escapes or the "
          "field is read at another width",
          "[validate][threadmodel]") {
  // memset(&s, ...): any byte may change behind the model's back.
  CHECK_FALSE(busyTrackable(
      "  call void @llvm.memset.p0.i64(ptr @s, i8 0, i64 8, i1 false)"));
  // p = &s: another pointer reaches the field.
  CHECK_FALSE(busyTrackable("  store ptr @s, ptr @p"));
  // An i16 read of the field's low half.
  CHECK_FALSE(busyTrackable("  %h = load i16, ptr @s\n"
                            "  %hz = icmp eq i16 %h, 0"));
  // An i64 read over both fields.
  CHECK_FALSE(busyTrackable("  %w = load i64, ptr @s\n"
                            "  %wz = icmp eq i64 %w, 0"));
}

TEST_CASE("isTrackableField: not a flag whose value is used otherwise",
          "[validate][threadmodel]") {
  // The flag's value flows into arithmetic that is no counter.
  CHECK_FALSE(busyTrackable("  %m = mul i32 %v, 3\n"
                            "  store i32 %m, ptr @p"));
}

TEST_CASE("isTrackableField: whole integer globals are the flag rule's, not "
          "the refinement's",
          "[validate][threadmodel]") {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(std::string(Layout) + R"(
@busy = global i32 0
define void @f() {
  %v = load i32, ptr @busy
  %free = icmp eq i32 %v, 0
  br i1 %free, label %set, label %end
set:
  store i32 1, ptr @busy
  br label %end
end:
  ret void
}
)",
                                                  Err, Ctx);
  REQUIRE(M);
  CHECK_FALSE(isTrackableField(M->getNamedGlobal("busy"), M->getDataLayout()));
}

//===----------------------------------------------------------------------===//
// SymOps::pick
//===----------------------------------------------------------------------===//

TEST_CASE("SymOps::pick: larger and smaller, signed and unsigned",
          "[validate]") {
  z3::context C;
  validate::SymOps Ops(C);
  using validate::Val;
  Val Three = Val::constant(32, 3);
  Val MinusFive = Val::constant(APInt(32, -5, true));

  SECTION("concrete") {
    auto Pick = [&](CmpInst::Predicate Pred) {
      Val R = Ops.pick(Pred, Three, MinusFive);
      REQUIRE(R.isConst());
      return R.K->getSExtValue();
    };
    CHECK(Pick(CmpInst::ICMP_SGT) == 3);
    CHECK(Pick(CmpInst::ICMP_SLT) == -5);
    // As unsigned, -5 is the larger.
    CHECK(Pick(CmpInst::ICMP_UGT) == -5);
    CHECK(Pick(CmpInst::ICMP_ULT) == 3);
  }

  SECTION("symbolic") {
    z3::expr X = C.bv_const("x", 32);
    Val Sym = Val::symbolic(X);
    Val Max = Ops.pick(CmpInst::ICMP_SGT, Sym, Three);
    REQUIRE_FALSE(Max.isConst());
    // max(x, 3) is 3 for x = -7 and x for x = 9, and never below 3.
    auto Proves = [&](const z3::expr &Claim) {
      z3::solver S(C);
      S.add(!Claim);
      return S.check() == z3::unsat;
    };
    z3::expr M = Ops.expr(Max);
    CHECK(Proves(z3::implies(X == C.bv_val(-7, 32), M == C.bv_val(3, 32))));
    CHECK(Proves(z3::implies(X == C.bv_val(9, 32), M == X)));
    CHECK(Proves(z3::sge(M, C.bv_val(3, 32))));
    CHECK_FALSE(Proves(M == C.bv_val(3, 32)));
  }
}
