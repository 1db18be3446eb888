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

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace racesift {

/// print<racesift-pta>: the points-to set of every pointer operand of a
/// load, store or call, and the resolved indirect callees.
/// With a step budget (option points-to-steps) the solver stops there, so
/// a bisection over it shows where a set first went wrong; with a trace
/// (option pta-trace) it also prints how an object reached a location.
class PointsToPrinterPass : public llvm::PassInfoMixin<PointsToPrinterPass> {
  llvm::raw_ostream &OS;
  unsigned MaxPointsTo;
  std::optional<uint64_t> MaxSteps;
  std::string Trace;

public:
  explicit PointsToPrinterPass(llvm::raw_ostream &OS,
                               unsigned MaxPointsTo = DefaultMaxPointsTo,
                               std::optional<uint64_t> MaxSteps = std::nullopt,
                               std::string Trace = "")
      : OS(OS), MaxPointsTo(MaxPointsTo), MaxSteps(MaxSteps),
        Trace(std::move(Trace)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_POINTSTO_POINTSTOPRINTER_H
