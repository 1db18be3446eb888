//===- Layers.h - Lockset, model checking and refinement --------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The layers after the thread model, with witness validation wired into the
// model checker and the refinement loop (docs/design.md, "Refinement"). The
// pass and print<racesift-validate> run the same loop, so the printer shows
// what a compile does.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_PASS_LAYERS_H
#define RACESIFT_LIB_PASS_LAYERS_H

#include "Findings.h"

#include "racesift/Lockset/Lockset.h"
#include "racesift/MHP/MHP.h"
#include "racesift/ModelCheck/ModelCheck.h"
#include "racesift/Support/Options.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include <chrono>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace racesift {

/// What the layers concluded on the last thread model they ran on.
struct LayerResults {
  /// The MHP layer's facts the lockset layer paired with.
  OrderFacts Order;
  LocksetResult LS;
  /// Empty for layers=lockset.
  std::vector<LocationVerdict> Verdicts;
  /// Rounds run again on a refined model.
  unsigned Refinements = 0;
  double LocksetSeconds = 0;
  /// Option verify: the invariants the thread models and lockset results
  /// of every round broke (ThreadModel::verify, verifyLocksets), each
  /// prefixed with the layer; empty when they hold or verify is off.
  std::vector<std::string> Violations;
};

/// Whether the module runs threads at all: else there is nothing to check.
bool createsThreads(const ThreadModel &TM);

/// frozen-branch (FrozenBranches.cpp): those of Candidates (branches the
/// replays computed from constants, each always to one side) whose
/// condition depends only on
/// constants, pure library functions and memory that only the root thread
/// writes, before any thread exists: every execution takes the replay's
/// side of them.
std::vector<FixedBranch> frozenBranches(const ThreadModel &TM,
                                        const OrderFacts &Order,
                                        llvm::ArrayRef<FixedBranch> Candidates);

/// "the branch at f.c:18 (its condition always holds)".
std::string describeFixedBranch(const FixedBranch &B);

/// Runs the lockset layer on TM and, for layers=full, the model checker,
/// validating its witnesses (option validate) through checkWitness with
/// VCounts. While validation names data that decided an infeasible
/// interleaving and the thread model can track it exactly
/// (isTrackableField), or a branch the replay left the interleaving at is
/// frozen (frozenBranches), TM is rebuilt from M with that data tracked and
/// those branches fixed, and the layers run again, up to twice; refinement
/// stops early if the rebuilt model runs out of time or creates no threads, and
/// TM keeps the model the results belong to. Start is when the module's
/// analysis began, Deadline its end (option timeout). With option verify, each
/// model and lockset result is checked as it is built
/// (LayerResults::Violations).
LayerResults runLayers(llvm::Module &M, ThreadModel &TM, const Options &Opts,
                       std::chrono::steady_clock::time_point Start,
                       std::chrono::steady_clock::time_point Deadline,
                       ValidationCounts &VCounts);

} // namespace racesift

#endif // RACESIFT_LIB_PASS_LAYERS_H
