//===- MHPPrinter.cpp - print<racesift-mhp> -------------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/MHP/MHP.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace racesift {

void printOrderFacts(const ThreadModel &TM, const OrderFacts &F,
                     raw_ostream &OS) {
  if (!F.NotApplied.empty()) {
    OS << "not applied: " << F.NotApplied << '\n';
    return;
  }
  OS << "early functions:";
  for (const Function *Fn : F.EarlyFunctions)
    OS << ' ' << Fn->getName();
  OS << "\nbefore any thread:\n";
  for (AccessId A = 0; A < F.BeforeAnyThread.size(); ++A) {
    if (!F.BeforeAnyThread[A])
      continue;
    const Access &Acc = TM.Accesses[A];
    OS << "  " << (Acc.IsWrite ? "write " : "read ") << Acc.Name << " at ";
    if (Acc.Loc.known())
      OS << sys::path::filename(Acc.Loc.File) << ':' << Acc.Loc.Line << ':'
         << Acc.Loc.Col;
    else
      OS << "<unknown>";
    OS << " in " << Acc.Loc.Function << '\n';
  }
}

PreservedAnalyses OrderFactsPrinterPass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  const ThreadModel &TM = MAM.getResult<ThreadModelAnalysis>(M);
  OS << "racesift-mhp: module '" << sys::path::filename(M.getSourceFileName())
     << "'\n";
  printOrderFacts(TM, computeOrderFacts(TM), OS);
  return PreservedAnalyses::all();
}

} // namespace racesift
