//===- ValidatePrinter.cpp - print<racesift-validate> ---------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The line format (docs/design-validate.md, "Printer"):
//
//   racesift-validate: module '<source file>'
//   <location>: feasible (steps <n>, queries <n>)[ entry '<f>']
//       [ with <input> = <value>, ...]           (one line)
//   <location>: infeasible: <reason>
//   <location>: not validated: <reason>
//     pair: <thread>: <step> at <file>:<line>:<col>; <thread>: <step> at ...
//     (the two racing steps; <file> is the base name)
//     deciding: <memory>, ...
//   refinement: tracked <data>, ...
//   refinement: not trackable: <memory>
//
// It lives in lib/Pass, not lib/Validate: it runs the model checker, which
// Validate must not know.
//
//===----------------------------------------------------------------------===//

#include "racesift/Pass/ValidatePrinter.h"

#include "Findings.h"
#include "Layers.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

namespace racesift {

/// The name of the global memory Ptr points to ("s.busy", "data[]"), as the
/// thread model names it.
static std::string memoryName(const ThreadModel &TM, const Value *Ptr,
                              const DataLayout &DL) {
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  const Value *Base = Ptr->stripAndAccumulateConstantOffsets(DL, Off, true);
  int64_t Offset = Off.getSExtValue();
  if (!isa<GlobalVariable>(Base)) {
    Base = getUnderlyingObject(Ptr);
    Offset = AnyOffset;
  }
  for (const MemObject &O : TM.Objects)
    if (O.Site == Base)
      return TM.describeMember({O.Id, Offset});
  return Base->hasName() ? Base->getName().str() : "?";
}

static void printStep(const WitnessStep &S, raw_ostream &OS) {
  OS << S.ThreadName << ": " << S.Step;
  if (S.Loc.known())
    OS << " at " << sys::path::filename(S.Loc.File) << ":" << S.Loc.Line << ":"
       << S.Loc.Col;
  else if (!S.Loc.Function.empty())
    OS << " in " << S.Loc.Function;
}

static void printReplay(const ThreadModel &TM, const DataLayout &DL,
                        const RacePair &P, const ValidationResult &VR,
                        raw_ostream &OS) {
  OS << TM.describe(P.Loc) << ": ";
  switch (VR.F) {
  case Feasibility::Feasible:
    OS << "feasible (steps " << VR.Steps << ", queries " << VR.Queries << ")";
    for (size_t I = 0; I < VR.Entries.size(); ++I)
      OS << (I ? ", then '" : " entry '") << VR.Entries[I] << "'";
    for (size_t I = 0; I < VR.Values.size(); ++I)
      OS << (I ? ", " : " with ") << VR.Values[I].first << " = "
         << VR.Values[I].second;
    OS << "\n";
    break;
  case Feasibility::Infeasible:
    OS << "infeasible: " << VR.Reason << "\n";
    break;
  case Feasibility::Unknown:
    OS << "not validated: " << VR.Reason << "\n";
    break;
  }
  size_t N = P.W.Steps.size();
  if (N >= 2) {
    OS << "  pair: ";
    printStep(P.W.Steps[N - 2], OS);
    OS << "; ";
    printStep(P.W.Steps[N - 1], OS);
    OS << "\n";
  }
  if (!VR.Deciding.empty()) {
    OS << "  deciding: ";
    ListSeparator LS;
    for (const Value *V : VR.Deciding)
      OS << LS << memoryName(TM, V, DL);
    OS << "\n";
  }
}

PreservedAnalyses ValidatePrinterPass::run(Module &UserModule,
                                           ModuleAnalysisManager &) {
  OS << "racesift-validate: module '" << UserModule.getSourceFileName()
     << "'\n";
  std::unique_ptr<Module> Copy = analysisCopyOf(UserModule);
  Module &M = Copy ? *Copy : UserModule;
  Options O = Opts;
  O.Validate = true;
  O.Layer = Layers::Full;
  auto Start = std::chrono::steady_clock::now();
  auto Deadline =
      Start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(O.Timeout));
  ThreadModel TM =
      buildThreadModel(M, Deadline, O.MaxPointsTo, {}, O.PointsToSteps);
  if (TM.BudgetExhausted) {
    OS << "the thread model was not built within "
       << (TM.PointsToStepsSpent ? "the points-to solver's step budget"
                                 : "the time budget")
       << "\n";
    return PreservedAnalyses::all();
  }
  if (!createsThreads(TM))
    return PreservedAnalyses::all();
  const DataLayout &DL = M.getDataLayout();
  ValidationCounts VCounts;
  VCounts.ModuleSteps = O.ValidateSteps;
  // TM is the model of the round under way: runLayers replaces it when it
  // refines.
  VCounts.OnReplay = [&](const RacePair &P, const ValidationResult &VR) {
    printReplay(TM, DL, P, VR, OS);
  };
  VCounts.OnRefine = [&](const std::vector<std::string> &Tracked,
                         const std::vector<std::string> &Fixed) {
    if (!Tracked.empty())
      OS << "refinement: tracked " << join(Tracked, ", ") << "\n";
    if (!Fixed.empty())
      OS << "refinement: fixed " << join(Fixed, ", ") << "\n";
  };
  runLayers(M, TM, O, Start, Deadline, VCounts);
  // Hints of the last round the thread model cannot track exactly: why the
  // refinement stopped (a global whose address escapes).
  for (const Value *H : VCounts.Hints)
    if (!isTrackableField(H, DL))
      OS << "refinement: not trackable: " << memoryName(TM, H, DL) << "\n";
  return PreservedAnalyses::all();
}

} // namespace racesift
