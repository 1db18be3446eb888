//===- Findings.h - Layer results to report findings ------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one place that knows both the layers' plain results and the report's
// plain findings: it translates the first into the second, so neither side
// needs to know the other.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_PASS_FINDINGS_H
#define RACESIFT_LIB_PASS_FINDINGS_H

#include "racesift/Lockset/Lockset.h"
#include "racesift/ModelCheck/ModelCheck.h"
#include "racesift/Report/Report.h"
#include "racesift/ThreadModel/ThreadModel.h"
#include "racesift/Validate/Validate.h"

#include "llvm/ADT/MapVector.h"

#include <functional>
#include <map>
#include <vector>

namespace llvm {
class Module;
}

namespace racesift {

/// A finding together with the model facts that suppression needs.
struct ModelFinding {
  Finding F;
  MemLoc Loc;
  const llvm::Instruction *FirstInst = nullptr;
  const llvm::Instruction *SecondInst = nullptr;
};

/// layers=lockset: one possible race per candidate location.
std::vector<ModelFinding> findingsFromCandidates(const ThreadModel &TM,
                                                 const LocksetResult &LS);

/// layers=full: confirmed races and undecided locations.
/// The replay of W's steps (witness validation): data and internal steps
/// are left out, the replay recomputes them.
ReplayInput replayOf(const Witness &W);

/// How the model checker's interleavings fared in witness validation.
struct ValidationCounts {
  unsigned Validated = 0;  ///< The program can take it.
  unsigned Infeasible = 0; ///< No path of the program follows it.
  unsigned Unknown = 0;    ///< Not replayed (construct, budget, assumption).
  uint64_t Steps = 0, Queries = 0;
  /// Z3 resource units the replays spent; each counts against ModuleSteps
  /// as StepsPerSolverUnit steps. Measured on the benchmark machine: a unit
  /// costs about 1 us (zstd's pool.c: 16.4 M units in 16.5 s, 86% of it in
  /// Z3), an interpreted instruction about 0.2 us.
  uint64_t SolverWork = 0;
  static constexpr uint64_t StepsPerSolverUnit = 5;
  /// Interpreted instructions over all replays of the module (option
  /// validate-steps): a deterministic cap on what validation adds to a
  /// compile; past it, races are possible ones that say so.
  uint64_t ModuleSteps = 0;
  /// Refinement hints of the rejected replays, first seen first
  /// (ValidationResult::Deciding), and the data tracked because of them.
  std::vector<const llvm::Value *> Hints;
  std::vector<std::string> Refined;
  /// The branches fixed because of them (frozen-branch), described.
  std::vector<std::string> Fixed;
  /// The branches rejected replays computed from constants
  /// (ValidationResult::ConcreteBranches), first seen first, with the
  /// successor they took, or -1 if two replays saw both.
  llvm::MapVector<const llvm::Instruction *, int> ConcreteBranches;
  /// replay-once: each interleaving replayed this round, by its steps and
  /// racing accesses, with what the replay said. The model checker finds
  /// one interleaving again (with and without loop counters, for another
  /// location of the same accesses); the replay of a model is a function of
  /// its steps, so it runs once and costs the budget once.
  std::map<std::vector<uint64_t>, ValidationResult> Replayed;
  /// Checks answered from Replayed, over all rounds.
  unsigned Repeated = 0;
  /// Observers for print<racesift-validate>: each replay's result as it
  /// happens (a replay the module's budget prevented is Unknown, with the
  /// budget as its reason), and the data each refinement round tracks.
  std::function<void(const RacePair &, const ValidationResult &)> OnReplay;
  std::function<void(const std::vector<std::string> &Tracked,
                     const std::vector<std::string> &Fixed)>
      OnRefine;
  /// A new run of the layers on a refined model: the verdict counts and
  /// hints start again; the work done so far still counts against the
  /// module's budget.
  void newRound() {
    Validated = Infeasible = Unknown = 0;
    Hints.clear();
    ConcreteBranches.clear();
    Replayed.clear();
  }
};

/// ModelCheckOptions::CheckWitness: replays P's interleaving; "" if the
/// program can take it (the values that make it happen go to P.Notes),
/// else the reason that makes P a possible race.
std::string checkWitness(const ThreadModel &TM, RacePair &P,
                         ValidationCounts &Counts);

/// layers=full: confirmed races and undecided locations. A pair whose
/// interleavings witness validation rejected (LocationVerdict::Unconfirmed)
/// is a possible race that says why.
std::vector<ModelFinding>
findingsFromVerdicts(const ThreadModel &TM, const std::vector<Candidate> &Cands,
                     const std::vector<LocationVerdict> &Verdicts,
                     unsigned ThreadBound);

/// Folds findings on the same two accesses (same kind, source positions,
/// threads and suppression) into the first: an access through an imprecise
/// pointer touches many abstract locations, and one warning per location
/// repeats one source line hundreds of times. The kept finding names the
/// other locations in a note.
void foldFindingsByAccessPair(std::vector<Finding> &Fs);

/// Marks findings suppressed by `annotate("racesift::ignore")` on a global
/// variable, a function or a struct field.
void applySourceSuppressions(llvm::Module &M, const ThreadModel &TM,
                             std::vector<ModelFinding> &Fs);

/// A warning for each annotate("racesift...") that is not one RaceSift
/// knows (a misspelt "racesift::ignore"), at the annotation's line.
std::vector<Diagnostic> misspeltAnnotations(const llvm::Module &M);

} // namespace racesift

#endif // RACESIFT_LIB_PASS_FINDINGS_H
