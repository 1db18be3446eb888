//===- ModelCheckBudgetTest.cpp - Budget and shared setup of layer 2 ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The module's deadline: no candidate location is started after it, the
// explorer's setup and search stop at it, and an ample budget decides every
// location as usual. Behaviour only: the deadlines are either already past
// or an hour away. Graphs shared between locations give the verdicts of
// graphs built for each location alone.
//
//===----------------------------------------------------------------------===//

#include "ModelCheckTestModel.h"

#include "racesift/Lockset/Lockset.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <map>

using namespace racesift;
using namespace racesift::mctest;
using namespace std::chrono_literals;

namespace {

/// worker writes racy, guarded (under m) and after, and reads before; main
/// writes before ahead of the create, racy and guarded (under m) while the
/// worker runs, and after behind the join. Candidates: racy (a race),
/// before and after (refuted).
constexpr const char *CandidatesIR = R"(
@m = global [40 x i8] zeroinitializer, align 8
@racy = global i32 0, align 4
@guarded = global i32 0, align 4
@before = global i32 0, align 4
@after = global i32 0, align 4

define ptr @worker(ptr %a) {
entry:
  store i32 1, ptr @racy, align 4
  %l = call i32 @pthread_mutex_lock(ptr @m)
  store i32 1, ptr @guarded, align 4
  %u = call i32 @pthread_mutex_unlock(ptr @m)
  %b = load i32, ptr @before, align 4
  store i32 %b, ptr @after, align 4
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  store i32 1, ptr @before, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store i32 2, ptr @racy, align 4
  %l = call i32 @pthread_mutex_lock(ptr @m)
  store i32 2, ptr @guarded, align 4
  %u = call i32 @pthread_mutex_unlock(ptr @m)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  store i32 3, ptr @after, align 4
  ret i32 0
}

declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
)";

/// main writes y, creates a and b, writes x, joins a, writes y, joins b
/// and reads z and flag; a and b both run init (z = 1) through one
/// pthread_once; a writes x and, under m, flag; b writes y and z. Each
/// thread reaches some of the locations only, so checkCandidates shares
/// the other graphs: x and y race, z and flag are refuted.
constexpr const char *SharedGraphsIR = R"(
@m = global [40 x i8] zeroinitializer, align 8
@once = global i32 0, align 4
@x = global i32 0, align 4
@flag = global i32 0, align 4
@y = global i32 0, align 4
@z = global i32 0, align 4

define internal void @init() {
entry:
  store i32 1, ptr @z, align 4
  ret void
}

define ptr @a(ptr %p) {
entry:
  %o = call i32 @pthread_once(ptr @once, ptr @init)
  store i32 1, ptr @x, align 4
  %l = call i32 @pthread_mutex_lock(ptr @m)
  store i32 1, ptr @flag, align 4
  %u = call i32 @pthread_mutex_unlock(ptr @m)
  ret ptr null
}

define ptr @b(ptr %p) {
entry:
  %o = call i32 @pthread_once(ptr @once, ptr @init)
  store i32 1, ptr @y, align 4
  store i32 2, ptr @z, align 4
  ret ptr null
}

define i32 @main() {
entry:
  %t1 = alloca i64, align 8
  %t2 = alloca i64, align 8
  store i32 0, ptr @y, align 4
  %c1 = call i32 @pthread_create(ptr %t1, ptr null, ptr @a, ptr null)
  %c2 = call i32 @pthread_create(ptr %t2, ptr null, ptr @b, ptr null)
  store i32 2, ptr @x, align 4
  %h1 = load i64, ptr %t1, align 8
  %j1 = call i32 @pthread_join(i64 %h1, ptr null)
  store i32 3, ptr @y, align 4
  %h2 = load i64, ptr %t2, align 8
  %j2 = call i32 @pthread_join(i64 %h2, ptr null)
  %vz = load i32, ptr @z, align 4
  %vf = load i32, ptr @flag, align 4
  %s = add i32 %vz, %vf
  ret i32 %s
}

declare i32 @pthread_once(ptr, ptr)
declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
)";

/// The verdict on Loc with every graph built for Loc alone, as
/// checkCandidates did before it shared graphs. The module has no
/// tracked data, so the slice is the location's accesses and every
/// synchronisation and thread-management action.
LocationVerdict perLocation(const ThreadModel &TM, const MemLoc &Loc) {
  auto Relevant = [&](const Action &A) {
    switch (A.Kind) {
    case ActionKind::Internal:
    case ActionKind::Call:
    case ActionKind::Assign:
    case ActionKind::Assume:
      return false;
    case ActionKind::Read:
    case ActionKind::Write:
      for (const MemLoc &L : TM.Accesses[A.Acc].Locs)
        if (L.mayAlias(Loc))
          return true;
      return false;
    default:
      return true;
    }
  };
  std::vector<ThreadGraph> Gs;
  for (TemplateId T = 0; T < TM.Templates.size(); ++T)
    Gs.push_back(buildThreadGraph(TM, T, Relevant));
  ThreadModel OnceTM = TM;
  std::map<const llvm::Function *, ThreadGraph> Bodies;
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges)
      if (E.A.Kind == ActionKind::Once)
        for (const llvm::Function *F : E.A.Callees) {
          if (Bodies.count(F))
            continue;
          ThreadTemplate T;
          T.Id = OnceTM.Templates.size();
          T.Entry = F;
          OnceTM.Templates.push_back(T);
          Bodies[F] = buildThreadGraph(OnceTM, T.Id, Relevant);
        }
  mc::ExplorerInput In;
  In.TM = &TM;
  In.Loc = Loc;
  for (const ThreadGraph &G : Gs)
    In.Graphs.push_back(&G);
  for (const auto &[F, G] : Bodies)
    In.OnceBodies[F] = &G;
  return mc::explore(In, ModelCheckOptions());
}

/// The thread model and lockset candidates of an IR module.
struct Candidates {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  ThreadModel TM;
  LocksetResult LS;

  explicit Candidates(const char *IR) {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(IR, Err, Ctx);
    if (!M) {
      Err.print("ModelCheckBudgetTest", llvm::errs());
      FAIL("IR does not parse");
    }
    TM = buildThreadModel(*M);
    LS = computeLocksets(TM);
  }

  /// Verdicts by location name.
  std::map<std::string, LocationVerdict>
  check(const ModelCheckOptions &Opts) const {
    std::map<std::string, LocationVerdict> Out;
    for (LocationVerdict &V : checkCandidates(TM, LS, Opts))
      Out[TM.describe(V.Loc)] = std::move(V);
    return Out;
  }
};

} // namespace

TEST_CASE("No location is started after the module deadline", "[mc]") {
  Candidates C(CandidatesIR);
  ModelCheckOptions Opts;
  Opts.Deadline = mc::Clock::now() - 1s;
  auto Vs = C.check(Opts);
  REQUIRE(Vs.size() == 3);
  for (const char *Name : {"racy", "before", "after"}) {
    INFO(Name);
    REQUIRE(Vs.count(Name));
    const LocationVerdict &V = Vs[Name];
    CHECK(V.V == Verdict::Unknown);
    CHECK_FALSE(V.Examined);
    CHECK(V.Reason == "module time budget exhausted");
    CHECK(V.Stats.States == 0);
  }
}

TEST_CASE("An ample module deadline decides every location", "[mc]") {
  Candidates C(CandidatesIR);
  ModelCheckOptions Opts;
  Opts.Deadline = mc::Clock::now() + 1h;
  Opts.TimeoutSeconds = 3600;
  auto Vs = C.check(Opts);
  REQUIRE(Vs.size() == 3);
  CHECK(Vs["racy"].V == Verdict::Race);
  CHECK(Vs["before"].V == Verdict::Refuted);
  CHECK(Vs["after"].V == Verdict::Refuted);
  for (auto &[Name, V] : Vs) {
    INFO(Name);
    CHECK(V.Examined);
    CHECK(V.Stats.States > 0);
  }
  // The same verdicts as without a deadline (ModuleTimeoutSeconds only).
  ModelCheckOptions Relative;
  auto Ws = C.check(Relative);
  for (auto &[Name, V] : Vs) {
    INFO(Name);
    CHECK(Ws[Name].V == V.V);
    CHECK(Ws[Name].Stats.States == V.Stats.States);
  }
}

TEST_CASE("The explorer's setup stops at a deadline that has passed", "[mc]") {
  TwoThreads M;
  M.seq(0, {create(M.S), wr(M.access(true, 3))});
  M.seq(M.W, {wr(M.access(true, 8))});
  LocationVerdict V = M.check({}, mc::Clock::now() - 1s);
  CHECK(V.V == Verdict::Unknown);
  CHECK_FALSE(V.Examined);
  CHECK(V.Reason == "module time budget exhausted");
  CHECK(V.Stats.States == 0);
  CHECK(M.check().V == Verdict::Race);
}

TEST_CASE("A search reads the clock before its first expansion", "[mc]") {
  // The root's first step is no race yet: the search must expand a state,
  // and its time is up before it does.
  TwoThreads M;
  M.seq(0, {create(M.S), wr(M.access(true, 3))});
  M.seq(M.W, {wr(M.access(true, 8))});
  ModelCheckOptions Opts;
  Opts.TimeoutSeconds = 0;
  LocationVerdict V = M.check(Opts);
  CHECK(V.V == Verdict::Unknown);
  CHECK(V.Examined);
  CHECK(V.Reason == "time budget exhausted");
  CHECK(V.Stats.States == 1);
}

TEST_CASE("Shared graphs give the verdicts of graphs built per location",
          "[mc]") {
  Candidates C(SharedGraphsIR);
  auto Vs = C.check(ModelCheckOptions());
  REQUIRE(Vs.size() == 4);
  CHECK(Vs["x"].V == Verdict::Race);
  CHECK(Vs["y"].V == Verdict::Race);
  CHECK(Vs["z"].V == Verdict::Refuted);
  CHECK(Vs["flag"].V == Verdict::Refuted);
  for (auto &[Name, V] : Vs) {
    INFO(Name);
    LocationVerdict Ref = perLocation(C.TM, V.Loc);
    CHECK(V.V == Ref.V);
    CHECK(V.Reason == Ref.Reason);
    CHECK(V.Stats.States == Ref.Stats.States);
    CHECK(V.Stats.Transitions == Ref.Stats.Transitions);
    REQUIRE(V.W.Steps.size() == Ref.W.Steps.size());
    for (size_t I = 0; I < V.W.Steps.size(); ++I) {
      CHECK(V.W.Steps[I].ThreadName == Ref.W.Steps[I].ThreadName);
      CHECK(V.W.Steps[I].Step == Ref.W.Steps[I].Step);
    }
  }
}

namespace {
/// busy has four accesses, calm two; both race.
constexpr const char *OrderIR = R"(
@busy = global i32 0, align 4
@calm = global i32 0, align 4

define ptr @worker(ptr %p) {
entry:
  store i32 1, ptr @busy, align 4
  store i32 2, ptr @busy, align 4
  store i32 1, ptr @calm, align 4
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store i32 3, ptr @busy, align 4
  %v = load i32, ptr @busy, align 4
  store i32 2, ptr @calm, align 4
  ret i32 %v
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
)";
} // namespace

TEST_CASE("Locations with fewer accesses are examined first", "[mc]") {
  Candidates C(OrderIR);
  std::vector<MemLoc> Locs;
  for (const Candidate &K : C.LS.Candidates)
    if (!llvm::is_contained(Locs, K.Loc))
      Locs.push_back(K.Loc);
  REQUIRE(Locs.size() == 2);
  size_t Busy = C.TM.describe(Locs[0]) == "busy" ? 0 : 1;
  REQUIRE(C.TM.describe(Locs[Busy]) == "busy");
  REQUIRE(C.TM.describe(Locs[1 - Busy]) == "calm");
  CHECK(mc::examinationOrder(C.TM, Locs) ==
        std::vector<size_t>{1 - Busy, Busy});
  // The verdicts keep the candidates' order.
  std::vector<LocationVerdict> Vs =
      checkCandidates(C.TM, C.LS, ModelCheckOptions());
  REQUIRE(Vs.size() == 2);
  for (size_t I = 0; I < 2; ++I) {
    CHECK(Vs[I].Loc == Locs[I]);
    CHECK(Vs[I].V == Verdict::Race);
  }
}

TEST_CASE("The module's state budget decides how far the checker goes",
          "[mc]") {
  Candidates C(CandidatesIR);
  ModelCheckOptions Ample;
  Ample.Deadline = mc::Clock::now() + 1h;
  Ample.TimeoutSeconds = 3600;
  auto Full = C.check(Ample);
  uint64_t Total = 0;
  for (auto &[Name, V] : Full)
    Total += V.Stats.States;
  REQUIRE(Total > 2);

  // Enough (a search stops at its budget before it drains its queue, so
  // the states it stored are not quite enough): every verdict as without
  // a module budget.
  ModelCheckOptions Enough = Ample;
  Enough.MaxModuleStates = 2 * Total;
  auto Same = C.check(Enough);
  for (auto &[Name, V] : Full) {
    INFO(Name);
    CHECK(Same[Name].V == V.V);
  }

  // One state: the first location examined stops on the module's budget,
  // the others are not started; twice the same, whatever the clock says.
  ModelCheckOptions Tiny = Ample;
  Tiny.MaxModuleStates = 1;
  auto A = C.check(Tiny), B = C.check(Tiny);
  unsigned Stopped = 0, NotStarted = 0;
  for (auto &[Name, V] : A) {
    INFO(Name);
    CHECK(V.V == Verdict::Unknown);
    CHECK(V.Examined);
    CHECK(B[Name].Reason == V.Reason);
    CHECK(B[Name].Stats.States == V.Stats.States);
    if (V.Reason == "the module's state budget (max-module-states=1) ran out")
      ++Stopped;
    else if (V.Reason == "the module's state budget (max-module-states=1) "
                         "ran out before this location")
      ++NotStarted;
  }
  CHECK(Stopped == 1);
  CHECK(NotStarted == 2);
}
