//===- Validate.h - Replaying a witness against the program -----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Witness validation (docs/design-validate.md). The model checker's
// interleaving is a claim in its abstraction: it does not know what the
// code computes. Before a race is reported as confirmed, its interleaving is
// replayed against the program's real instructions: each thread runs, from
// the point after its previous step up to its next one, while the others
// wait, so the replay is one schedule the program can really take. Branches
// on values the replay cannot know (inputs, results of unknown functions)
// are decided by Z3; the two racing accesses must touch one address.
//
// The layer reads IR by design: it takes the thread model (plain data
// naming instructions) and the witness's steps, and knows nothing of how
// the interleaving was found.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_VALIDATE_VALIDATE_H
#define RACESIFT_VALIDATE_VALIDATE_H

#include "racesift/ThreadModel/ThreadModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace racesift {

/// One step of the interleaving to replay. Internal steps and Assigns
/// that store nothing are left out: the replay computes the data itself;
/// Assumes on memory variables mark where the thread reads them.
struct ReplayStep {
  static constexpr unsigned NoInstance = ~0u;
  unsigned Thread = 0; ///< Instance, 0 = the root thread.
  TemplateId Template = InvalidTemplate;
  ActionKind Kind = ActionKind::Internal;
  const llvm::Instruction *Inst = nullptr;
  /// Create: the instance started (NoInstance: not run); Join: the
  /// instance joined.
  unsigned Target = NoInstance;
  /// TryLock/SemTryWait/Create outcome; a Wait that does not succeed is a
  /// timed wait whose deadline passed (it returns its timeout value).
  bool Succeeds = true;
  bool Resume = false; ///< A waiter re-taking its mutex.
};

struct ReplayInput {
  /// The steps in order; the last two are the racing accesses, both about
  /// to execute.
  std::vector<ReplayStep> Steps;
  /// Which of the thread model's accesses those two are, if known (a call
  /// touches memory through one of its arguments: Access::Arg).
  AccessId FirstAccess = ~AccessId(0), SecondAccess = ~AccessId(0);
};

/// Deterministic work budgets of one replay.
struct ValidationOptions {
  uint64_t MaxSteps = 2000000;  ///< Instructions executed over all paths.
  uint64_t MaxSegment = 400000; ///< Per thread between two steps: a spin.
  unsigned MaxQueries = 200;    ///< Z3 checks.
  /// Z3's resource units ("rlimit") over all checks: a deterministic bound
  /// on solver time, which a few checks on deep terms (hash functions fed
  /// symbolic input) can otherwise make the largest cost of a replay.
  /// About 2 s on the benchmark machine (docs/design-validate.md).
  uint64_t MaxSolverWork = 2000000;
  unsigned MaxPaths = 64; ///< Alternative paths tried.
};

enum class Feasibility : uint8_t {
  Feasible,   ///< The program can take this interleaving.
  Infeasible, ///< No path of the program follows it (this schedule).
  Unknown,    ///< Unsupported construct or budget: not validated.
};

struct ValidationResult {
  Feasibility F = Feasibility::Unknown;
  /// Infeasible/Unknown: why, in a sentence fragment ("thread 'w#2' cannot
  /// reach 'x++' at t.c:5 in this interleaving").
  std::string Reason;
  /// Feasible: the values that make it happen, ("argc", "1").
  std::vector<std::pair<std::string, std::string>> Values;
  /// Feasible in a module without main: the external functions the replay
  /// called, in order, as the first calls the rest of the program makes
  /// into it (after the module's constructors).
  std::vector<std::string> Entries;
  /// Each of those calls got the pointer the call before returned.
  bool PassedBack = false;
  /// Feasible: threads of the interleaving (instance, lock operations)
  /// that the replay ran to their end alone, where they are joined or exit,
  /// taking locks the interleaving does not show (the model checker left
  /// their loops early: loop-counter abstraction).
  std::vector<std::pair<unsigned, unsigned>> RanToEnd;
  /// Feasible: other threads of the interleaving (instance, lock
  /// operations) that took locks between their steps, while the others
  /// waited, that the interleaving does not show.
  std::vector<std::pair<unsigned, unsigned>> ExtraLocks;
  /// Feasible: threads of the interleaving (instance, calls) whose timed
  /// waits the interleaving does not show timed out.
  std::vector<std::pair<unsigned, unsigned>> TimedOut;
  /// Feasible by hb-race: the instance that made its access and ran on,
  /// releasing nothing, before the other made its own.
  std::optional<unsigned> RanPast;
  /// Not feasible: the global memory the branch where the replay left the
  /// interleaving read, through locals and helpers' results (the pointers
  /// its loads use). Tracking it may let the model checker see the data
  /// that rules the interleaving out (refinement, docs/design.md).
  std::vector<const llvm::Value *> Deciding;
  /// Not feasible: the branches the replay computed from constants before
  /// any symbolic choice, each with the one successor it took (a branch
  /// seen taking both is left out; frozen-branch refinement, docs/design.md).
  std::vector<FixedBranch> ConcreteBranches;
  uint64_t Steps = 0;
  unsigned Queries = 0;
  uint64_t SolverWork = 0; ///< Z3 resource units spent.
};

/// Replays In against the program TM was built from.
/// "the program's first call into this module is 'f'", or for several
/// "the program's first calls into this module are 'f', then 'g'".
/// With PassBack, ", each given the pointer the call before returned".
std::string describeEntryCalls(llvm::ArrayRef<std::string> Names,
                               bool PassBack = false);

ValidationResult validateWitness(const ThreadModel &TM, const ReplayInput &In,
                                 const ValidationOptions &Opts = {});

} // namespace racesift

#endif // RACESIFT_VALIDATE_VALIDATE_H
