//===- PointsToPrinter.cpp - print<racesift-pta> --------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/PointsTo/PointsToPrinter.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace racesift {

std::string describeLocPlain(const MemObject &O, int64_t Off) {
  std::string S = O.Name;
  // array-elements: a field of every element.
  if (O.ElementsFolded && Off != AnyOffset)
    S += "[]";
  if (Off == AnyOffset)
    S += "+?";
  else if (Off)
    S += "+" + std::to_string(Off);
  return S;
}

PreservedAnalyses PointsToPrinterPass::run(Module &M, ModuleAnalysisManager &) {
  std::vector<MemObject> Objects;
  PointsToAnalysis PTA(M, Objects, std::nullopt, MaxPointsTo,
                       MaxSteps.value_or(0));
  OS << "racesift-pta: module '" << sys::path::filename(M.getSourceFileName())
     << "'\n";
  if (PTA.stepsSpent())
    OS << "racesift-pta: the solver stopped at its step budget (" << *MaxSteps
       << "): the sets are those reached so far\n";
  PTA.print(OS);
  if (!Trace.empty())
    PTA.printTrace(OS, Trace);
  return PreservedAnalyses::all();
}

} // namespace racesift
