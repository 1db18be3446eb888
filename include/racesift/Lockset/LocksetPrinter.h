//===- LocksetPrinter.h - print<racesift-lockset> ---------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LOCKSET_LOCKSETPRINTER_H
#define RACESIFT_LOCKSET_LOCKSETPRINTER_H

#include "racesift/Lockset/Lockset.h"

#include "llvm/IR/PassManager.h"

namespace racesift {

/// The textual form checked by lit tests, one fact per line:
///
///   contexts:
///     <thread>: <read|write> <access name> at <file>:<line>:<col> holds {L..}
///   candidates:
///     <location>: <read|write>[ atomic] at <pos> in <thread> {L..} <-> ...
///   protected-pairs: <n>
///   shared-locations: <n>
///   unresolved-locks: <n>
///
/// A lock L prints as its name, then "(shared)" for a read hold of an rwlock
/// and "(xN)" for N nested acquisitions. <file> is the base name; an unknown
/// position prints as "<unknown> in <function>". Contexts and candidates are
/// in source order. LocksetPrinterPass first prints
/// "racesift-lockset: module '<source file base name>'".
void printLocksets(const ThreadModel &TM, const LocksetResult &R,
                   llvm::raw_ostream &OS);

/// print<racesift-lockset>: locksets per access, candidates per location.
class LocksetPrinterPass : public llvm::PassInfoMixin<LocksetPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit LocksetPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_LOCKSET_LOCKSETPRINTER_H
