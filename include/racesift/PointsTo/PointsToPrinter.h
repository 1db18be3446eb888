//===- PointsToPrinter.h - print<racesift-pta> ------------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_POINTSTO_POINTSTOPRINTER_H
#define RACESIFT_POINTSTO_POINTSTOPRINTER_H

#include "racesift/PointsTo/PointsTo.h"

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace racesift {

/// print<racesift-pta>: the points-to set of every pointer operand of a
/// load, store or call, and the resolved indirect callees.
class PointsToPrinterPass : public llvm::PassInfoMixin<PointsToPrinterPass> {
  llvm::raw_ostream &OS;
  unsigned MaxPointsTo;

public:
  explicit PointsToPrinterPass(llvm::raw_ostream &OS,
                               unsigned MaxPointsTo = DefaultMaxPointsTo)
      : OS(OS), MaxPointsTo(MaxPointsTo) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_POINTSTO_POINTSTOPRINTER_H
