//===- ModelCheckPrinter.h - print<racesift-mc> -----------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_MODELCHECK_MODELCHECKPRINTER_H
#define RACESIFT_MODELCHECK_MODELCHECKPRINTER_H

#include "racesift/ModelCheck/ModelCheck.h"

#include "llvm/IR/PassManager.h"

namespace racesift {

/// The textual form checked by lit tests: one verdict per candidate
/// location, with the witness steps of each race.
void printVerdicts(const ThreadModel &TM,
                   const std::vector<LocationVerdict> &Vs,
                   llvm::raw_ostream &OS);
/// As above; with Stats, each verdict is followed by its statistics line.
/// Why, per verdict, a refuted location was refuted (refutationReason), if
/// given: printed after its state count.
void printVerdicts(const ThreadModel &TM,
                   const std::vector<LocationVerdict> &Vs,
                   llvm::raw_ostream &OS, bool Stats,
                   const std::vector<std::string> *Why = nullptr);

/// Why the explorer refuted the candidates of Loc: it checks them again
/// with one kind of synchronisation ignored at a time (locks, tracked data,
/// joins) and names the first whose relaxation reaches a race; what none
/// of them explains is ordered by thread creation or by the remaining
/// synchronisation (condition variables, barriers, semaphores, once). Each
/// relaxed search is bounded by RefutedStates (the states of
/// the refutation) plus 4096.
std::string refutationReason(const ThreadModel &TM, const LocksetResult &LS,
                             const MemLoc &Loc, const ModelCheckOptions &Opts,
                             uint64_t RefutedStates);

/// print<racesift-mc>: runs layer 1 then layer 2 with default options
/// (thread bound from -racesift-thread-bound where opt parses it).
class ModelCheckPrinterPass
    : public llvm::PassInfoMixin<ModelCheckPrinterPass> {
  llvm::raw_ostream &OS;
  ModelCheckOptions Opts;

public:
  ModelCheckPrinterPass(llvm::raw_ostream &OS, ModelCheckOptions Opts)
      : OS(OS), Opts(Opts) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_MODELCHECK_MODELCHECKPRINTER_H
