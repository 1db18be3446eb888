//===- ValidatePrinter.h - print<racesift-validate> -------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_PASS_VALIDATEPRINTER_H
#define RACESIFT_PASS_VALIDATEPRINTER_H

#include "racesift/Support/Options.h"

#include "llvm/IR/PassManager.h"

namespace racesift {

/// print<racesift-validate>: runs the layers as the pass does, witness
/// validation and refinement included (whatever the validate and layers
/// options say), and prints each replayed interleaving's verdict and each
/// refinement round as it happens. The line format is in
/// docs/design-validate.md, "Printer".
class ValidatePrinterPass : public llvm::PassInfoMixin<ValidatePrinterPass> {
  llvm::raw_ostream &OS;
  Options Opts;

public:
  ValidatePrinterPass(llvm::raw_ostream &OS, Options Opts)
      : OS(OS), Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_PASS_VALIDATEPRINTER_H
