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
#include "racesift/Report/Finding.h"
#include "racesift/ThreadModel/ThreadModel.h"

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

} // namespace racesift

#endif // RACESIFT_LIB_PASS_FINDINGS_H
