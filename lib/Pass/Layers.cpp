//===- Layers.cpp - Lockset, model checking and refinement ----------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Layers.h"

#include "racesift/Pass/RaceSiftPass.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TimeProfiler.h"

#include <set>

using namespace llvm;

namespace racesift {

static double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

bool createsThreads(const ThreadModel &TM) {
  return !TM.Creations.empty() || TM.Templates.size() > 1;
}

/// Adds the problems a checker found, each prefixed with its layer.
static void addViolations(std::vector<std::string> &Out, StringRef Layer,
                          const std::vector<std::string> &Problems) {
  for (const std::string &P : Problems)
    Out.push_back((Layer + ": " + P).str());
}

/// racy-flag: a location refuted because a tracked flag orders its
/// accesses, where that flag is itself raced on (a plain `int ready` or
/// `volatile` flag), is ordered by nothing in C11: two accesses are
/// ordered only by synchronisation, and a data race synchronises nothing.
/// Such locations are searched again with those flags' tests open, and
/// what races then is a possible race that names the flag. (The
/// interleaving interleaves sequentially consistent steps, which a racy
/// flag does order, so it is not a confirmation.)
static void reopenRacyFlagOrders(const ThreadModel &TM, LayerResults &R,
                                 ModelCheckOptions MC) {
  std::vector<DataVarId> Racy;
  std::vector<std::string> Names;
  for (const DataVar &D : TM.DataVars) {
    if (!D.IsMemory)
      continue;
    for (const LocationVerdict &V : R.Verdicts)
      if ((V.V == Verdict::Race || !V.Unconfirmed.empty()) &&
          V.Loc.mayAlias(D.Loc)) {
        Racy.push_back(D.Id);
        Names.push_back(D.Name);
        break;
      }
  }
  if (Racy.empty())
    return;
  LocksetResult Refuted;
  Refuted.Contexts = R.LS.Contexts;
  Refuted.Order = R.LS.Order;
  Refuted.OwnedOrder = R.LS.OwnedOrder;
  std::set<MemLoc> Locs;
  // A distinct-indices refutation rests on no flag.
  for (const LocationVerdict &V : R.Verdicts)
    if (V.V == Verdict::Refuted && !V.DistinctIndices)
      Locs.insert(V.Loc);
  for (const Candidate &C : R.LS.Candidates)
    if (Locs.count(C.Loc))
      Refuted.Candidates.push_back(C);
  if (Refuted.Candidates.empty())
    return;
  MC.RelaxVars = Racy;
  MC.CheckWitness = nullptr;
  MC.MaxRacesPerLocation = 1;
  std::string Flags = "'" + join(Names, "', '") + "'";
  for (LocationVerdict &N : checkCandidates(TM, Refuted, MC)) {
    if (N.V != Verdict::Race)
      continue;
    for (LocationVerdict &V : R.Verdicts)
      if (V.Loc == N.Loc && V.V == Verdict::Refuted) {
        V.V = Verdict::Unknown;
        V.First = N.First;
        V.Second = N.Second;
        V.Reason = "only " + Flags +
                   " orders the accesses, and a data race on it orders "
                   "nothing (racy-flag)";
      }
  }
}

LayerResults runLayers(Module &M, ThreadModel &TM, const Options &Opts,
                       std::chrono::steady_clock::time_point Start,
                       std::chrono::steady_clock::time_point Deadline,
                       ValidationCounts &VCounts) {
  // The layers run once, and again on a refined model while witness
  // validation names untracked data that decided an infeasible
  // interleaving (refinement, docs/design.md).
  constexpr unsigned MaxRefinements = 2;
  LayerResults R;
  std::vector<const Value *> TrackHints;
  std::vector<FixedBranch> Fixed;
  while (true) {
    if (Opts.Verify) {
      addViolations(R.Violations, "thread model", TM.verify());
      // Lets the tests see a broken invariant reported: a copy of the
      // model with a data variable whose Id is not its index (the layers
      // go on with the model itself).
      if (sys::Process::GetEnv("RACESIFT_DEBUG_BREAK_MODEL")) {
        ThreadModel Broken = TM;
        Broken.DataVars.emplace_back();
        addViolations(R.Violations, "thread model", Broken.verify());
      }
    }
    double LocksetStart = secondsSince(Start);
    LocksetOptions LO;
    LO.MaxSteps = Opts.LocksetSteps;
    LO.Deadline = Deadline;
    {
      TimeTraceScope Scope("RaceSift MHP");
      R.Order = computeOrderFacts(TM);
    }
    LO.Order = &R.Order;
    {
      TimeTraceScope Scope("RaceSift lockset");
      R.LS = computeLocksets(TM, LO);
    }
    if (Opts.Verify)
      addViolations(R.Violations, "lockset layer",
                    verifyLocksets(TM, R.LS, &R.Order));
    R.LocksetSeconds += secondsSince(Start) - LocksetStart;
    if (Opts.Layer == Layers::Lockset)
      return R;
    ModelCheckOptions MC =
        modelCheckOptions(Opts, Opts.Timeout - secondsSince(Start));
    MC.Deadline = Deadline;
    // Lets the tests start the model checker after the module's deadline,
    // however fast the machine.
    if (sys::Process::GetEnv("RACESIFT_DEBUG_MC_DEADLINE_PASSED"))
      MC.Deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    if (Opts.Validate)
      MC.CheckWitness = [&TM, &VCounts](RacePair &P) {
        return checkWitness(TM, P, VCounts);
      };
    {
      TimeTraceScope Scope("RaceSift model checker");
      R.Verdicts = checkCandidates(TM, R.LS, MC);
      reopenRacyFlagOrders(TM, R, MC);
    }
    if (!Opts.Validate || R.Refinements == MaxRefinements)
      return R;
    std::vector<const Value *> New;
    for (const Value *H : VCounts.Hints)
      if (!is_contained(TrackHints, H) &&
          isTrackableField(H, M.getDataLayout()))
        New.push_back(H);
    std::vector<FixedBranch> Candidates, NewFixed;
    for (auto [Branch, Successor] : VCounts.ConcreteBranches)
      if (Successor >= 0)
        Candidates.push_back({Branch, unsigned(Successor)});
    for (const FixedBranch &B : frozenBranches(TM, R.Order, Candidates))
      if (!is_contained(Fixed, B))
        NewFixed.push_back(B);
    if (New.empty() && NewFixed.empty())
      return R;
    TrackHints.insert(TrackHints.end(), New.begin(), New.end());
    Fixed.insert(Fixed.end(), NewFixed.begin(), NewFixed.end());
    TimeTraceScope Scope("RaceSift refinement");
    ThreadModel Refined = buildThreadModel(
        M, Deadline, Opts.MaxPointsTo, TrackHints, Opts.PointsToSteps, Fixed);
    if (Refined.BudgetExhausted || !createsThreads(Refined))
      return R;
    TM = std::move(Refined);
    ++R.Refinements;
    std::vector<std::string> Tracked;
    for (const DataVar &D : TM.DataVars)
      if (is_contained(New, D.Value))
        Tracked.push_back(D.Name);
    std::vector<std::string> FixedNow;
    for (const FixedBranch &B : NewFixed)
      FixedNow.push_back(describeFixedBranch(B));
    VCounts.Refined.insert(VCounts.Refined.end(), Tracked.begin(),
                           Tracked.end());
    VCounts.Fixed.insert(VCounts.Fixed.end(), FixedNow.begin(), FixedNow.end());
    if (VCounts.OnRefine)
      VCounts.OnRefine(Tracked, FixedNow);
    VCounts.newRound();
  }
}

} // namespace racesift
