//===- RaceSiftPass.cpp - Running the layers on one module ----------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Runs thread model, lockset layer and model checker on a module, turns the
// results into findings and hands them to the report. The analysis runs
// under a CrashRecoveryContext: whatever goes wrong inside it, the user's
// compile goes on and is told why there is no result.
//
//===----------------------------------------------------------------------===//

#include "racesift/Pass/RaceSiftPass.h"

#include "DiagnosticEmitter.h"
#include "Findings.h"
#include "Layers.h"
#include "Summary.h"

#include "racesift/Lockset/Lockset.h"
#include "racesift/ModelCheck/ModelCheck.h"
#include "racesift/Support/Debug.h"
#include "racesift/Support/StableSort.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/Timer.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>

using namespace llvm;

#define DEBUG_TYPE "racesift"

namespace racesift {

Expected<Options> optionsFromEnvironment() {
  Options O;
  if (std::optional<std::string> Env = sys::Process::GetEnv("RACESIFT_OPTIONS"))
    if (Error E =
            parseOptionString(O, *Env, "RACESIFT_OPTIONS", EnvironmentChannel))
      return std::move(E);
  return O;
}

ModelCheckOptions modelCheckOptions(const Options &O, double SecondsLeft) {
  ModelCheckOptions MC;
  MC.ThreadBound = O.ThreadBound;
  MC.MaxStates = O.MaxStates;
  MC.MaxModuleStates = O.MaxModuleStates;
  MC.MaxMemoryBytes = O.MaxMemoryMB << 20;
  // Whatever the earlier layers left of the module budget: a location may
  // use all of it, and none is started once it is spent.
  double Left = std::max(0.0, SecondsLeft);
  MC.TimeoutSeconds = Left;
  MC.ModuleTimeoutSeconds = Left;
  MC.SpuriousWakeups = O.SpuriousWakeups;
  MC.AnyThreadMayUnlock = O.AnyThreadMayUnlock;
  MC.PartialOrderReduction = O.POR;
  MC.Stats = O.Stats;
  return MC;
}

/// clang -flto marks the module it writes for a full-LTO link; the linked
/// program is analysed whole at link time, so the translation unit is not.
static bool isFullLTOPreLink(const Module &M) {
  auto *Flag =
      mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("ThinLTO"));
  return Flag && Flag->isZero();
}

static std::string moduleName(const Module &M) {
  return M.getSourceFileName().empty() ? M.getModuleIdentifier()
                                       : M.getSourceFileName();
}

/// The module's source files (its compile units), absolute, sorted, each
/// once.
static std::vector<std::string> unitFiles(const Module &M) {
  std::vector<std::string> Units;
  for (const DICompileUnit *CU : M.debug_compile_units()) {
    SmallString<256> P(CU->getFilename());
    sys::fs::make_absolute(CU->getDirectory(), P);
    Units.push_back(std::string(P));
  }
  llvm::sort(Units);
  Units.erase(std::unique(Units.begin(), Units.end()), Units.end());
  return Units;
}

/// A whole program's identity across relinks: its units' source files.
/// (An LTO link's module is always "ld-temp.o".)
static std::string programKey(const Module &M) {
  std::vector<std::string> Units = unitFiles(M);
  if (Units.empty())
    return "";
  return "program: " + join(Units, ", ");
}

/// What SARIF URIs are relative to: the source-root option, else the git
/// work tree holding the first source file (found by its .git, a directory
/// or a worktree's file, without running git), else the current directory.
static std::string sourceRoot(const Module &M, const Options &Opts) {
  if (!Opts.SourceRoot.empty())
    return Opts.SourceRoot;
  std::vector<std::string> Units = unitFiles(M);
  if (!Units.empty()) {
    for (StringRef Dir = sys::path::parent_path(Units.front()); !Dir.empty();
         Dir = sys::path::parent_path(Dir)) {
      SmallString<256> Git(Dir);
      sys::path::append(Git, ".git");
      if (sys::fs::exists(Git))
        return Dir.str();
    }
  }
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    return std::string(Cwd);
  return "";
}

namespace {
/// A budget that stopped a layer: "the time budget (timeout=10s)" or
/// "<whose> step budget (<option>=N)", and the option that raises it.
struct BudgetName {
  std::string Text;
  StringRef Option;
};

/// Everything one run produces, so the crash-protected part and the part
/// that talks to the user stay apart.
struct RunResult {
  /// The context of a program built from unit summaries; declared first,
  /// so it outlives the module and the model built on it.
  std::unique_ptr<LLVMContext> SummaryContext;
  /// The module analysed in place of the user's, if the route gave one.
  std::unique_ptr<Module> WithBodies;
  /// How the program was put together from unit summaries, for the user.
  std::vector<std::string> SummaryNotes;
  ThreadModel TM;
  std::vector<ModelFinding> Findings;
  RunInfo Run;
  std::vector<std::string> Stats;
  bool NoThreads = false;
  bool ModelBudgetExhausted = false;
  unsigned UnresolvedAccesses = 0; ///< Past the points-to budget.
  std::string UnresolvedWhere;     ///< The functions with most of them.
  bool LocksetBudgetExhausted = false;
  /// Which budget stopped the layer, for warnings and SARIF alike.
  BudgetName ModelBudget, LocksetBudget;
  unsigned ObjectsPaired = 0, SharedObjects = 0;
  /// What was refuted only up to the thread bound ("" if nothing), for the
  /// build log and SARIF alike.
  std::string BoundRefuted;
  /// Option verify: the invariants the layers' results broke.
  std::vector<std::string> Violations;
};
} // namespace

/// "20", "0.5": a budget as the user wrote it.
static std::string secondsText(double S) {
  std::string Out;
  raw_string_ostream(Out) << format("%g", S);
  return Out;
}

/// The budget that stopped a layer: its step budget if Steps, else the
/// clock.
static BudgetName budgetName(bool Steps, StringRef Whose, StringRef Option,
                             uint64_t N, const Options &Opts) {
  if (Steps)
    return {formatv("{0} step budget ({1}={2})", Whose, Option, N).str(),
            Option};
  return {"the time budget (timeout=" + secondsText(Opts.Timeout) + "s)",
          "timeout"};
}

static double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

/// "'a', 'b', 'c' and 2 more": the first few names of a list.
static std::string listNames(const std::vector<std::string> &Names) {
  constexpr size_t Listed = 4;
  std::string Out;
  for (size_t I = 0; I < Names.size() && I < Listed; ++I)
    Out += (I ? ", '" : "'") + Names[I] + "'";
  if (Names.size() > Listed)
    Out += " and " + std::to_string(Names.size() - Listed) + " more";
  return Out;
}

/// "f: 120, g: 31, h: 4": the functions with the most accesses through
/// unresolved pointers, so a user sees where the points-to budget bites.
static std::string unresolvedWhere(const ThreadModel &TM) {
  std::map<std::string, unsigned> PerFunction;
  for (const Access &A : TM.Accesses)
    if (A.Unresolved)
      ++PerFunction[A.Loc.Function];
  std::vector<std::pair<std::string, unsigned>> Top(PerFunction.begin(),
                                                    PerFunction.end());
  stableSort(Top,
             [](const auto &A, const auto &B) { return A.second > B.second; });
  std::string Out;
  for (size_t I = 0; I < Top.size() && I < 3; ++I)
    Out +=
        (I ? ", " : "") + Top[I].first + ": " + std::to_string(Top[I].second);
  if (Top.size() > 3)
    Out += ", ...";
  return Out;
}

static_assert(Options::DefaultMaxPointsTo == racesift::DefaultMaxPointsTo,
              "the option's default is the thread model's");

/// Functions the analysed module defines and M does not.
static unsigned bodiesAdded(const Module &M, const Module &Analysed) {
  unsigned N = 0;
  for (const Function &F : Analysed) {
    const Function *Orig = M.getFunction(F.getName());
    N += !F.isDeclaration() && (!Orig || Orig->isDeclaration());
  }
  return N;
}

// The stats counters as LLVM statistics (`-mllvm -stats`, clang's
// `-stats-file=`, `opt -stats -stats-json`): RaceSift's share of a build
// where users already look. Always enabled, also in release builds of LLVM.
ALWAYS_ENABLED_STATISTIC(NumModules, "Modules analysed for data races");
ALWAYS_ENABLED_STATISTIC(NumThreadTemplates, "Thread templates");
ALWAYS_ENABLED_STATISTIC(NumAccesses, "Memory accesses in the thread model");
ALWAYS_ENABLED_STATISTIC(NumPointsToSteps, "Points-to solver steps");
ALWAYS_ENABLED_STATISTIC(NumLocksetSteps,
                         "Lockset layer steps (fixpoint visits and pairing)");
ALWAYS_ENABLED_STATISTIC(NumCandidatePairs,
                         "Access pairs the lockset layer left as candidates");
ALWAYS_ENABLED_STATISTIC(NumOrderedPairs,
                         "Access pairs the MHP layer found ordered");
ALWAYS_ENABLED_STATISTIC(NumOrderedBeforeThreads,
                         "Access pairs ordered by MHP rule before-threads");
ALWAYS_ENABLED_STATISTIC(NumOrderedAfterJoin,
                         "Access pairs ordered by MHP rule after-join");
ALWAYS_ENABLED_STATISTIC(NumOrderedOnce,
                         "Access pairs ordered by MHP rule once");
ALWAYS_ENABLED_STATISTIC(NumProtectedPairs,
                         "Access pairs the lockset layer found protected");
ALWAYS_ENABLED_STATISTIC(NumLocations, "Candidate locations model-checked");
ALWAYS_ENABLED_STATISTIC(NumRaceLocations,
                         "Locations the model checker found racing");
ALWAYS_ENABLED_STATISTIC(NumRefutedLocations,
                         "Locations the model checker refuted");
ALWAYS_ENABLED_STATISTIC(NumUnknownLocations,
                         "Locations the model checker did not decide");
ALWAYS_ENABLED_STATISTIC(NumStates, "Model-checker states explored");
ALWAYS_ENABLED_STATISTIC(NumChainSteps,
                         "Model-checker steps chained without a state");
ALWAYS_ENABLED_STATISTIC(NumReplays, "Witness replays that confirmed a race");
ALWAYS_ENABLED_STATISTIC(NumInfeasible,
                         "Witness replays the program cannot take");
ALWAYS_ENABLED_STATISTIC(NumNotValidated, "Witnesses not validated");
ALWAYS_ENABLED_STATISTIC(NumReplaySteps, "Instructions replayed");
ALWAYS_ENABLED_STATISTIC(NumSolverQueries, "Z3 queries of witness replays");
ALWAYS_ENABLED_STATISTIC(NumRefinements, "Refinement rounds");

static void recordStatistics(const ThreadModel &TM, const LocksetResult &LS,
                             unsigned Races, unsigned Refuted, unsigned Unknown,
                             uint64_t States, uint64_t ChainSteps,
                             const ValidationCounts &VC, unsigned Refinements) {
  ++NumModules;
  NumThreadTemplates += TM.Templates.size();
  NumAccesses += TM.Accesses.size();
  NumPointsToSteps += TM.PointsToSteps;
  NumLocksetSteps += LS.Steps;
  for (const auto &[L, N] : LS.PairsPerLocation)
    NumCandidatePairs += N;
  NumProtectedPairs += LS.ProtectedPairs;
  NumOrderedPairs += LS.OrderedPairs;
  NumOrderedBeforeThreads += LS.OrderedBeforeThreads;
  NumOrderedAfterJoin += LS.OrderedAfterJoin;
  NumOrderedOnce += LS.OrderedOnce;
  NumLocations += Races + Refuted + Unknown;
  NumRaceLocations += Races;
  NumRefutedLocations += Refuted;
  NumUnknownLocations += Unknown;
  NumStates += States;
  NumChainSteps += ChainSteps;
  NumReplays += VC.Validated;
  NumInfeasible += VC.Infeasible;
  NumNotValidated += VC.Unknown;
  NumReplaySteps += VC.Steps;
  NumSolverQueries += VC.Queries;
  NumRefinements += Refinements;
}

/// At a link (or under opt on linked bitcode): the program as its units
/// were before optimisation, if they carry summaries (docs/design.md, "Unit
/// summaries").
static void useSummaries(const Module &Linked, bool AtLink, RunResult &R,
                         const Options &Opts) {
  if (!hasSummaries(Linked)) {
    if (AtLink && hasOptimisedCode(Linked))
      R.SummaryNotes.push_back(
          "no translation unit of this program carries a RaceSift summary "
          "and some were optimised: accesses the optimiser removed are not "
          "analysed; compile the units with the plugin to analyse the code "
          "as written");
    return;
  }
  TimeTraceScope Scope("RaceSift unit summaries");
  R.SummaryContext = std::make_unique<LLVMContext>();
  SummarisedProgram P = programFromSummaries(Linked, *R.SummaryContext);
  if (!P.Program) {
    R.SummaryNotes.push_back(
        formatv("the unit summaries were not used ({0}): the program is "
                "analysed as the link optimised it",
                P.Problem)
            .str());
    return;
  }
  R.WithBodies = std::move(P.Program);
  if (Opts.Stats)
    R.Stats.push_back(formatv("racesift: stats: program built from {0} unit "
                              "summaries",
                              P.Units)
                          .str());
  if (!P.Unsummarised.empty()) {
    std::vector<std::string> First(
        P.Unsummarised.begin(),
        P.Unsummarised.begin() + std::min<size_t>(3, P.Unsummarised.size()));
    R.SummaryNotes.push_back(
        formatv("{0} function(s) come from translation units compiled "
                "without a RaceSift summary ({1}{2}): they are analysed as "
                "the link optimised them, where racy accesses may be gone",
                P.Unsummarised.size(), join(First, ", "),
                P.Unsummarised.size() > 3 ? ", ..." : "")
            .str());
  }
}

/// The first stats lines: which analysis produced the numbers, and its
/// budgets.
static void addRunStats(const Options &Opts, RunResult &R) {
  // The version the build set (CMake's project version), and the LLVM it
  // was built against.
  R.Stats.push_back(formatv("racesift: stats: RaceSift {0} (LLVM {1})",
                            RACESIFT_VERSION, LLVM_VERSION_STRING)
                        .str());
  R.Stats.push_back(formatv("racesift: stats: budgets: timeout={0}s, "
                            "max-states={1} per location, max-memory={2} "
                            "MiB, max-module-states={3}, points-to-steps="
                            "{4}, lockset-steps={5}",
                            secondsText(Opts.Timeout), Opts.MaxStates,
                            Opts.MaxMemoryMB, Opts.MaxModuleStates,
                            Opts.PointsToSteps, Opts.LocksetSteps)
                        .str());
}

static void noteNoThreads(RunResult &R) {
  R.NoThreads = true;
  R.Run.Notifications.push_back(
      {Notification::Level::Note, "no-threads",
       "the module creates no threads: no data race is possible within it"});
}

/// The module to analyse: at a link the program its unit summaries make,
/// else the route's module with the bodies clang did not emit, else the
/// user's; null if it cannot create a thread (R says so).
static Module *moduleToAnalyse(Module &UserModule,
                               const AnalysisModuleProvider &Provider,
                               Phase When, const Options &Opts, RunResult &R) {
  if (When != Phase::CompileTime)
    useSummaries(UserModule, When == Phase::LinkTime, R, Opts);
  for (const std::string &N : R.SummaryNotes)
    R.Run.Notifications.push_back(
        {Notification::Level::Note, "unit-summaries", N});
  // Most translation units of a threaded program create no thread: they
  // must not pay for a whole-module points-to analysis.
  if (!mayCreateThreads(R.WithBodies ? *R.WithBodies : UserModule)) {
    noteNoThreads(R);
    return nullptr;
  }
  if (Provider && !R.WithBodies)
    R.WithBodies = Provider(UserModule);
  Module &M = R.WithBodies ? *R.WithBodies : UserModule;
  if (Opts.Stats && R.WithBodies && !R.SummaryContext)
    R.Stats.push_back(formatv("racesift: stats: analysed {0} function "
                              "bodies clang did not emit",
                              bodiesAdded(UserModule, M))
                          .str());
  // The user's module is compiled on: the analysis reads a rewritten
  // copy (prepareAnalysisCopy); the copy with the bodies is rewritten
  // itself.
  if (!R.WithBodies)
    R.WithBodies = analysisCopyOf(UserModule);
  else if (needsAnalysisCopy(*R.WithBodies))
    prepareAnalysisCopy(*R.WithBodies);
  return R.WithBodies ? R.WithBodies.get() : &UserModule;
}

/// Builds R.TM. Returns the seconds since Start when it was built, or none
/// if the points-to solver's budget stopped it (R says so).
static std::optional<double>
buildModel(Module &M, const Options &Opts,
           std::chrono::steady_clock::time_point Start,
           std::chrono::steady_clock::time_point Deadline, RunResult &R) {
  {
    TimeTraceScope Scope("RaceSift thread model");
    R.TM =
        buildThreadModel(M, Deadline, Opts.MaxPointsTo, {}, Opts.PointsToSteps);
  }
  double ModelTime = secondsSince(Start);
  const ThreadModel &TM = R.TM;
  if (!TM.BudgetExhausted)
    return ModelTime;
  R.ModelBudgetExhausted = true;
  R.ModelBudget = budgetName(TM.PointsToStepsSpent, "the points-to solver's",
                             "points-to-steps", Opts.PointsToSteps, Opts);
  R.Run.Success = false;
  R.Run.Notifications.push_back(
      {Notification::Level::Warning, "budget-exhausted",
       formatv("the thread model was not built within {0}: the module was "
               "not analysed for data races",
               R.ModelBudget.Text)
           .str()});
  if (Opts.Stats)
    R.Stats.push_back(formatv("racesift: stats: thread model not built; "
                              "{0:f3}s, {1} points-to steps",
                              secondsSince(Start), TM.PointsToSteps)
                          .str());
  return std::nullopt;
}

/// Counts the accesses past the points-to budget, and says where they are.
static void noteUnresolvedAccesses(const Options &Opts, RunResult &R) {
  const ThreadModel &TM = R.TM;
  R.UnresolvedAccesses =
      count_if(TM.Accesses, [](const Access &A) { return A.Unresolved; });
  if (!R.UnresolvedAccesses)
    return;
  R.UnresolvedWhere = unresolvedWhere(TM);
  R.Run.Notifications.push_back(
      {Notification::Level::Warning, "points-to-budget",
       formatv("{0} of {1} accesses go through pointers that may point to "
               "more than {2} memory locations (max-points-to): they were "
               "not checked for data races (most in {3}; most follow "
               "from the set at {4})",
               R.UnresolvedAccesses, TM.Accesses.size(), Opts.MaxPointsTo,
               R.UnresolvedWhere, TM.UnresolvedOrigin)
           .str()});
}

/// Records that the lockset layer's budget stopped it.
static void noteLocksetBudget(const LocksetResult &LS, const Options &Opts,
                              RunResult &R) {
  R.LocksetBudgetExhausted = true;
  R.ObjectsPaired = LS.ObjectsPaired;
  R.SharedObjects = LS.SharedObjects;
  R.LocksetBudget = budgetName(LS.StepsSpent, "its", "lockset-steps",
                               Opts.LocksetSteps, Opts);
  R.Run.Success = false;
  R.Run.Notifications.push_back(
      {Notification::Level::Warning, "budget-exhausted",
       formatv("the lockset layer paired the accesses of {0} of {1} shared "
               "objects within {2}: races on the others are not reported",
               LS.ObjectsPaired, LS.SharedObjects, R.LocksetBudget.Text)
           .str()});
}

namespace {
/// What the model checker decided, over all candidate locations.
struct VerdictCounts {
  unsigned Races = 0, Refuted = 0, Unknown = 0, Unexamined = 0;
  uint64_t States = 0, ChainSteps = 0;
  /// The locations refuted only up to the thread bound, and why the bound
  /// may cut (the first such verdict's reason).
  std::vector<std::string> BoundRefuted;
  std::string BoundReason;
};
} // namespace

static VerdictCounts countVerdicts(const ThreadModel &TM,
                                   ArrayRef<LocationVerdict> Verdicts) {
  VerdictCounts C;
  for (const LocationVerdict &V : Verdicts) {
    if (!V.ExploredAs) {
      C.States += V.Stats.States;
      C.ChainSteps += V.Stats.ChainSteps;
    }
    if (V.V == Verdict::Race)
      ++C.Races;
    else if (V.V == Verdict::Refuted)
      ++C.Refuted;
    else
      ++C.Unknown;
    C.Unexamined += !V.Examined;
    if (V.V == Verdict::Refuted && V.BoundMayCut) {
      C.BoundRefuted.push_back(TM.describe(V.Loc));
      if (C.BoundReason.empty())
        C.BoundReason = V.Reason;
    }
  }
  return C;
}

/// The notes and warnings on what the model checker left open: refutations
/// up to the thread bound, locations it did not decide or examine.
static void noteOpenVerdicts(const VerdictCounts &C, const Options &Opts,
                             RunResult &R) {
  // A refutation that holds only because the thread bound cut a creation
  // loop is never silent: it is no warning (nothing was found), but the
  // build log and SARIF say which locations it concerns.
  if (!C.BoundRefuted.empty()) {
    R.BoundRefuted =
        formatv("{0} candidate location(s) were refuted only up to the "
                "thread bound ({1}): {2}; more threads may race there "
                "(option thread-bound)",
                C.BoundRefuted.size(), C.BoundReason, listNames(C.BoundRefuted))
            .str();
    R.Run.Notifications.push_back(
        {Notification::Level::Note, "thread-bound", R.BoundRefuted});
  }
  if (C.Unknown > C.Unexamined)
    R.Run.Notifications.push_back(
        {Notification::Level::Warning, "budget-exhausted",
         formatv("{0} candidate location(s) were not decided within the "
                 "budgets (max-states={1}, max-module-states={2}, "
                 "timeout={3}s); they are reported as possible data races",
                 C.Unknown - C.Unexamined, Opts.MaxStates, Opts.MaxModuleStates,
                 secondsText(Opts.Timeout))
             .str()});
  if (C.Unexamined)
    R.Run.Notifications.push_back(
        {Notification::Level::Warning, "budget-exhausted",
         formatv("{0} candidate location(s) were not examined within the "
                 "time budget (timeout={1}s); they are reported as possible "
                 "data races",
                 C.Unexamined, secondsText(Opts.Timeout))
             .str()});
}

/// The notes on the thread model itself: no debug information, and the
/// precision compromises it took.
static void noteModelCompromises(const ThreadModel &TM, RunResult &R) {
  if (!TM.HasDebugInfo)
    R.Run.Notifications.push_back(
        {Notification::Level::Warning, "no-debug-info",
         "the module has no debug information (compile with -g): findings "
         "name functions instead of source lines"});
  for (const std::string &C : TM.Compromises)
    R.Run.Notifications.push_back(
        {Notification::Level::Note, "precision-compromise", C});
}

/// The stats lines of each layer (option stats), in the order they run.
static void addLayerStats(const ThreadModel &TM, const LayerResults &Layered,
                          const VerdictCounts &C,
                          const ValidationCounts &VCounts, double ModelTime,
                          std::chrono::steady_clock::time_point Start,
                          const Options &Opts, RunResult &R) {
  const LocksetResult &LS = Layered.LS;
  double LocksetTime = Layered.LocksetSeconds;
  uint64_t CandidatePairs = 0;
  for (const auto &[L, N] : LS.PairsPerLocation)
    CandidatePairs += N;
  unsigned Shared = 0;
  for (const MemObject &O : TM.Objects)
    Shared += O.Shared;
  R.Stats.push_back(formatv("racesift: stats: {0} thread templates, {1} "
                            "creation sites, {2} shared objects, {3} "
                            "accesses; thread model {4:f3}s, {5} "
                            "points-to steps",
                            TM.Templates.size(), TM.Creations.size(), Shared,
                            TM.Accesses.size(), ModelTime, TM.PointsToSteps)
                        .str());
  R.Stats.push_back(
      formatv("racesift: stats: lockset layer: {0} shared "
              "locations, {1} protected pairs, {2} candidate "
              "pairs; {3:f3}s, {4} steps ({5} fixpoint "
              "visits); MHP layer: {6} pairs ordered "
              "(before-threads {7}, after-join {8}, once {9})",
              LS.SharedLocations, LS.ProtectedPairs, CandidatePairs,
              LocksetTime, LS.Steps, LS.SolverVisits, LS.OrderedPairs,
              LS.OrderedBeforeThreads, LS.OrderedAfterJoin, LS.OrderedOnce)
          .str());
  // What each layer decided, in the order they run: conflicting access
  // pairs the MHP layer orders, then those a common lock protects; the
  // candidate locations left to the model checker and what it found.
  std::string Decided = formatv("racesift: stats: decided: MHP layer {0} "
                                "pairs ordered; lockset layer {1} pairs "
                                "protected, {2} pairs at {3} locations "
                                "left",
                                LS.OrderedPairs, LS.ProtectedPairs,
                                CandidatePairs, LS.PairsPerLocation.size())
                            .str();
  if (Opts.Layer == Layers::Full)
    Decided += formatv("; model checker {0} locations racing, {1} refuted, "
                       "{2} undecided",
                       C.Races, C.Refuted, C.Unknown)
                   .str();
  if (Opts.Layer == Layers::Full && Opts.Validate)
    Decided += formatv("; validation {0} races replayed, {1} witnesses "
                       "infeasible, {2} not validated",
                       VCounts.Validated, VCounts.Infeasible, VCounts.Unknown)
                   .str();
  R.Stats.push_back(std::move(Decided));
  if (Opts.Layer == Layers::Full)
    R.Stats.push_back(formatv("racesift: stats: model checker: {0} races, "
                              "{1} refuted, {2} unknown; {3} states; "
                              "{4:f3}s; {5} location(s) not examined",
                              C.Races, C.Refuted, C.Unknown, C.States,
                              secondsSince(Start) - ModelTime - LocksetTime,
                              C.Unexamined)
                          .str());
  if (Opts.Layer != Layers::Full || !Opts.Validate)
    return;
  R.Stats.push_back(formatv("racesift: stats: validation: {0} race(s) "
                            "replayed, {1} infeasible, {2} not "
                            "validated; {3} steps, {4} queries ({5} "
                            "solver units); {6} the same as an earlier one",
                            VCounts.Validated, VCounts.Infeasible,
                            VCounts.Unknown, VCounts.Steps, VCounts.Queries,
                            VCounts.SolverWork, VCounts.Repeated)
                        .str());
  if (Layered.Refinements) {
    std::string What;
    if (!VCounts.Refined.empty())
      What += "; tracked as data: " + join(VCounts.Refined, ", ");
    if (!VCounts.Fixed.empty())
      What += "; fixed: " + join(VCounts.Fixed, ", ");
    R.Stats.push_back(formatv("racesift: stats: refinement: {0} round(s){1}",
                              Layered.Refinements, What)
                          .str());
  }
}

/// Runs the layers on the module and fills R: the steps below, each of
/// which records in R what the user is told of it.
static void analyse(Module &UserModule, const Options &Opts,
                    const AnalysisModuleProvider &Provider, Phase When,
                    RunResult &R) {
  auto Start = std::chrono::steady_clock::now();
  TimeTraceScope Whole("RaceSift", UserModule.getSourceFileName());
  // Lets the tests exercise crash recovery, like clang's
  // `#pragma clang __debug crash`.
  if (sys::Process::GetEnv("RACESIFT_DEBUG_CRASH"))
    LLVM_BUILTIN_TRAP;
  if (Opts.Stats)
    addRunStats(Opts, R);
  Module *M = moduleToAnalyse(UserModule, Provider, When, Opts, R);
  if (!M)
    return;
  auto Deadline =
      Start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(Opts.Timeout));
  std::optional<double> ModelTime = buildModel(*M, Opts, Start, Deadline, R);
  if (!ModelTime)
    return;
  const ThreadModel &TM = R.TM;
  if (!createsThreads(TM)) {
    noteNoThreads(R);
    return;
  }
  noteUnresolvedAccesses(Opts, R);

  ValidationCounts VCounts;
  VCounts.ModuleSteps = Opts.ValidateSteps;
  LayerResults Layered = runLayers(*M, R.TM, Opts, Start, Deadline, VCounts);
  R.Violations = std::move(Layered.Violations);
  if (!R.Violations.empty()) {
    // The analysis broke its own rules: its findings are not trusted.
    R.Run.Success = false;
    R.Run.Notifications.push_back(
        {Notification::Level::Error, "invariant-violated",
         formatv("the analysis broke {0} of its invariants (option "
                 "verify), the first: {1}",
                 R.Violations.size(), R.Violations.front())
             .str()});
  }
  const LocksetResult &LS = Layered.LS;
  R.Findings = Opts.Layer == Layers::Lockset
                   ? findingsFromCandidates(TM, LS)
                   : findingsFromVerdicts(TM, LS.Candidates, Layered.Verdicts,
                                          Opts.ThreadBound);
  if (LS.BudgetExhausted)
    noteLocksetBudget(LS, Opts, R);
  VerdictCounts C = countVerdicts(TM, Layered.Verdicts);
  noteOpenVerdicts(C, Opts, R);
  noteModelCompromises(TM, R);
  recordStatistics(TM, LS, C.Races, C.Refuted, C.Unknown, C.States,
                   C.ChainSteps, VCounts, Layered.Refinements);
  if (Opts.Stats)
    addLayerStats(TM, Layered, C, VCounts, *ModelTime, Start, Opts, R);
}

/// Writes the SARIF log if an option asks for one.
static void writeSarif(const Options &Opts, const std::vector<Finding> &Fs,
                       const RunInfo &Run, DiagnosticEmitter &Emit) {
  if (Opts.Sarif.empty() && Opts.SarifDir.empty())
    return;
  std::string Log = renderSarif(Fs, Run);
  // Several compiles or links of a build may name one sarif= file: each
  // keeps its own run there (issue 25).
  Error E =
      !Opts.Sarif.empty()
          ? mergeSarifLog(Opts.Sarif, Log)
          : writeFileAtomically(
                sarifPathInDir(Opts.SarifDir, Run.ModuleName, Run.Key), Log);
  if (E)
    Emit.error(formatv("racesift: cannot write the SARIF log: {0}",
                       toString(std::move(E)))
                   .str());
}

/// The budgets a compile and a whole program get unless the user set them.
static void defaultBudgets(Options &Opts, bool Compile) {
  if (!Opts.TimeoutGiven)
    Opts.Timeout =
        Compile ? Options::CompileTimeout : Options::WholeProgramTimeout;
  if (!Opts.MaxModuleStatesGiven)
    Opts.MaxModuleStates = Compile ? Options::CompileModuleStates
                                   : Options::WholeProgramModuleStates;
  if (!Opts.PointsToStepsGiven)
    Opts.PointsToSteps = Compile ? Options::CompilePointsToSteps
                                 : Options::WholeProgramPointsToSteps;
  if (!Opts.LocksetStepsGiven)
    Opts.LocksetSteps = Compile ? Options::CompileLocksetSteps
                                : Options::WholeProgramLocksetSteps;
}

/// After an internal crash: one warning, and a SARIF log that says the
/// module was not analysed (what the crashed run left is not trusted).
static void reportCrash(const Options &Opts, const RunInfo &Run,
                        DiagnosticEmitter &Emit) {
  Emit.warning(formatv("racesift: internal error while analysing '{0}'; "
                       "no race analysis for this module (the compile "
                       "continues; please report this input)",
                       Run.ModuleName)
                   .str());
  RunInfo Failed;
  Failed.ModuleName = Run.ModuleName;
  Failed.Key = Run.Key;
  Failed.SourceRoot = Run.SourceRoot;
  Failed.AnalysedFiles = Run.AnalysedFiles;
  Failed.Category = Run.Category;
  Failed.Success = false;
  Failed.Notifications.push_back(
      {Notification::Level::Error, "internal-error",
       "internal error while analysing the module: it was not analysed "
       "for data races"});
  writeSarif(Opts, {}, Failed, Emit);
  Emit.flushErrors();
}

/// What the run says besides its findings: broken invariants (verify),
/// statistics, summary notes, budgets that ran out, bound refutations and
/// a module without threads.
static void reportRunNotes(const RunResult &R, const Options &Opts,
                           bool Compile, DiagnosticEmitter &Emit) {
  // verify: a broken invariant is RaceSift's fault, not the program's: an
  // error (the user asked for the check), never an abort.
  constexpr size_t MaxViolationsShown = 10;
  for (size_t I = 0; I < R.Violations.size() && I < MaxViolationsShown; ++I)
    Emit.error(formatv("racesift: verify: the analysis of '{0}' broke an "
                       "invariant: {1} (an internal error; please report "
                       "this input)",
                       R.Run.ModuleName, R.Violations[I])
                   .str());
  if (R.Violations.size() > MaxViolationsShown)
    Emit.error(formatv("racesift: verify: '{0}': {1} more broken "
                       "invariant(s)",
                       R.Run.ModuleName,
                       R.Violations.size() - MaxViolationsShown)
                   .str());
  for (const std::string &S : R.Stats)
    Emit.remark(S);
  for (const std::string &N : R.SummaryNotes)
    Emit.remark("racesift: " + N);
  if (R.ModelBudgetExhausted)
    Emit.warning(formatv("racesift: '{0}' was not analysed for data races: "
                         "its thread model was not built within {1}; raise "
                         "the budget with the {2} option",
                         R.Run.ModuleName, R.ModelBudget.Text,
                         R.ModelBudget.Option)
                     .str());
  if (R.UnresolvedAccesses)
    Emit.warning(formatv("racesift: '{0}' was analysed for data races only in "
                         "part: {1} of {2} accesses go through pointers that "
                         "may point to more than {3} memory locations and "
                         "were not checked (most in {4}; most follow from "
                         "the set at {5}); raise the limit with the "
                         "max-points-to option (0: no limit)",
                         R.Run.ModuleName, R.UnresolvedAccesses,
                         R.TM.Accesses.size(), Opts.MaxPointsTo,
                         R.UnresolvedWhere, R.TM.UnresolvedOrigin)
                     .str());
  if (R.LocksetBudgetExhausted)
    Emit.warning(formatv("racesift: '{0}' was analysed for data races only in "
                         "part: the lockset layer paired the accesses of {1} "
                         "of {2} shared objects within {3}; raise the budget "
                         "with the {4} option",
                         R.Run.ModuleName, R.ObjectsPaired, R.SharedObjects,
                         R.LocksetBudget.Text, R.LocksetBudget.Option)
                     .str());
  if (!R.BoundRefuted.empty())
    Emit.remark(
        formatv("racesift: '{0}': {1}", R.Run.ModuleName, R.BoundRefuted)
            .str());
  // Most translation units of a build create no thread: saying so for each
  // would bury the build's output (SARIF still records it). A whole program
  // without threads, or a user who asked for statistics, is told.
  if (R.NoThreads && (!Compile || Opts.Stats))
    Emit.remark(formatv("racesift: '{0}' creates no threads: nothing to "
                        "analyse",
                        R.Run.ModuleName)
                    .str());
}

/// The findings as the user sees them: suppressed by source annotations,
/// comments and the suppressions file, folded by access pair, compared
/// with the baseline.
static std::vector<Finding> finalFindings(Module &M, RunResult &R,
                                          std::optional<Suppressions> &Supp,
                                          const std::optional<Baseline> &Base,
                                          bool Compile,
                                          DiagnosticEmitter &Emit) {
  applySourceSuppressions(R.WithBodies ? *R.WithBodies : M, R.TM, R.Findings);
  Emit.emit(misspeltAnnotations(R.WithBodies ? *R.WithBodies : M));
  std::vector<Finding> Fs;
  for (ModelFinding &MF : R.Findings)
    Fs.push_back(std::move(MF.F));
  applyCommentSuppressions(Fs);
  if (Supp) {
    Supp->apply(Fs);
    auto Warn = [&](const std::string &Msg) {
      Emit.warning("racesift: " + Msg);
      R.Run.Notifications.push_back(
          {Notification::Level::Warning, "suppressions", Msg});
    };
    for (const std::string &P : Supp->problems())
      Warn(P);
    // A translation unit sees part of the program: a line for another
    // unit's race matches nothing in it. Only a whole program can tell.
    if (!Compile)
      for (const std::string &U : Supp->unmatched())
        Warn(U);
  }
  foldFindingsByAccessPair(Fs);
  if (Base)
    R.Run.AbsentResults = Base->apply(Fs, runKeyOf(R.Run));
  return Fs;
}

PreservedAnalyses RaceSiftPass::run(Module &M, ModuleAnalysisManager &) {
  Expected<Options> OptsOrErr = Config->GetOptions();
  bool Compile = Config->When == Phase::CompileTime;
  bool LTO = Compile && isFullLTOPreLink(M);
  bool Summarised = false;
  if (Compile &&
      (OptsOrErr && OptsOrErr->SummaryGiven ? OptsOrErr->Summary : LTO)) {
    TimeTraceScope Scope("RaceSift unit summary");
    embedSummary(M);
    Summarised = true;
  }
  // The summary added a global and marked the functions.
  PreservedAnalyses Kept =
      Summarised ? PreservedAnalyses::none() : PreservedAnalyses::all();
  // A full-LTO unit is analysed at the link, from its summary; a bad option
  // is reported there too.
  if (LTO) {
    if (!OptsOrErr)
      consumeError(OptsOrErr.takeError());
    return Kept;
  }

  DiagnosticEmitter Emit(M, Config->Sink);
  if (!OptsOrErr) {
    Emit.error(toString(OptsOrErr.takeError()));
    return Kept;
  }
  Options Opts = std::move(*OptsOrErr);
  setDebugOnly(Opts.DebugOnly); // Checked when parsed.
  defaultBudgets(Opts, Compile);

  // Read the suppressions file first: a bad file is the user's error and
  // must not wait for an expensive analysis.
  std::optional<Suppressions> Supp;
  if (!Opts.Suppressions.empty()) {
    Expected<Suppressions> S = Suppressions::load(Opts.Suppressions);
    if (!S) {
      Emit.error(toString(S.takeError()));
      return Kept;
    }
    Supp = std::move(*S);
  }
  std::optional<Baseline> Base;
  if (!Opts.Baseline.empty()) {
    Expected<Baseline> B = Baseline::load(Opts.Baseline);
    if (!B) {
      Emit.error("racesift: " + toString(B.takeError()));
      return Kept;
    }
    Base = std::move(*B);
  }

  RunResult R;
  R.Run.ModuleName = moduleName(M);
  // Lets the tests reach the SARIF log's cap on interleaving steps.
  if (std::optional<std::string> Cap =
          sys::Process::GetEnv("RACESIFT_DEBUG_MAX_LOG_FLOW_STEPS"))
    R.Run.MaxLogFlowSteps = std::strtoull(Cap->c_str(), nullptr, 10);
  R.Run.SourceRoot = sourceRoot(M, Opts);
  R.Run.AnalysedFiles = unitFiles(M);
  R.Run.Category = Opts.SarifCategory;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext CRC;
  bool Crashed = !CRC.RunSafely(
      [&] { analyse(M, Opts, Config->AnalysisModule, Config->When, R); });
  if (!Compile)
    R.Run.Key = programKey(R.WithBodies && !Crashed ? *R.WithBodies : M);
  if (Crashed) {
    // Whatever the crash left half built is not freed, it is not trusted.
    (void)R.WithBodies.release();
    (void)R.SummaryContext.release();
    reportCrash(Opts, R.Run, Emit);
    return Kept;
  }

  reportRunNotes(R, Opts, Compile, Emit);
  std::vector<Finding> Fs = finalFindings(M, R, Supp, Base, Compile, Emit);
  bool AnyShown = std::any_of(Fs.begin(), Fs.end(),
                              [](const Finding &F) { return !F.Suppressed; });
  if (AnyShown && !R.TM.HasDebugInfo)
    Emit.warning(formatv("racesift: '{0}' has no debug information; compile "
                         "with -g for source locations (findings below name "
                         "functions instead)",
                         R.Run.ModuleName)
                     .str());
  Emit.emit(formatDiagnostics(Fs, Opts.Werror));

  writeSarif(Opts, Fs, R.Run, Emit);
  // Errors end opt's process: report them after the log is written.
  Emit.flushErrors();
  return Kept;
}

} // namespace racesift
