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

static void printAccess(const ThreadModel &TM, AccessId A, raw_ostream &OS) {
  const Access &Acc = TM.Accesses[A];
  OS << "  " << (Acc.IsWrite ? "write " : "read ") << Acc.Name << " at ";
  if (Acc.Loc.known())
    OS << sys::path::filename(Acc.Loc.File) << ':' << Acc.Loc.Line << ':'
       << Acc.Loc.Col;
  else
    OS << "<unknown>";
  OS << " in " << Acc.Loc.Function;
}

static std::string templateNames(const ThreadModel &TM,
                                 ArrayRef<TemplateId> Ts) {
  std::string Out;
  for (TemplateId T : Ts)
    Out += (Out.empty() ? "" : ", ") + TM.Templates[T].Name;
  return Out;
}

void printOrderFacts(const ThreadModel &TM, const OrderFacts &F,
                     raw_ostream &OS) {
  // before-threads.
  if (!F.NotApplied.empty()) {
    OS << "before-threads not applied: " << F.NotApplied << '\n';
  } else {
    OS << "early functions:";
    for (const Function *Fn : F.EarlyFunctions)
      OS << ' ' << Fn->getName();
    OS << "\nbefore any thread:\n";
    for (AccessId A = 0; A < F.BeforeAnyThread.size(); ++A)
      if (F.BeforeAnyThread[A]) {
        printAccess(TM, A, OS);
        OS << '\n';
      }
  }

  // after-join.
  OS << "join sites:\n";
  for (const JoinSite &JS : F.JoinSites) {
    const CreationSite &S = TM.Creations[JS.Creation];
    OS << "  C" << JS.Creation << ' ' << templateNames(TM, S.Targets) << " at "
       << sys::path::filename(S.Loc.File) << ':' << S.Loc.Line;
    if (JS.Creator != InvalidTemplate)
      OS << " by " << TM.Templates[JS.Creator].Name;
    if (!JS.Tracked)
      OS << ": not tracked: " << JS.Why << '\n';
    else if (JS.Handle != InvalidObject)
      OS << ": tracked, joined through " << TM.Objects[JS.Handle].Name
         << " or a join-all loop\n";
    else
      OS << ": tracked, joined by a join-all loop only\n";
  }
  for (const auto &[P, Why] : F.JoinNotApplied)
    OS << "after-join not applied to " << TM.Templates[P].Name << ": " << Why
       << '\n';
  OS << "after join:\n";
  for (const auto &[Key, Set] : F.JoinedBefore) {
    printAccess(TM, AccessId(Key), OS);
    OS << " (thread " << TM.Templates[Key >> 32].Name << "): after every "
       << templateNames(TM, F.JoinedSets[Set]);
    int32_t JI = TM.Accesses[AccessId(Key)].JoinedInstance;
    if (JI >= 0 && F.JoinSites[JI].Tracked &&
        F.JoinSites[JI].Creator == TemplateId(Key >> 32))
      OS << " (joined-instance: it touches the record of the thread of C" << JI
         << " joined just before, which no other thread touches)";
    OS << '\n';
  }

  // once.
  auto CtlName = [&](uint32_t C) { return TM.describe(F.OnceControls[C]); };
  OS << "once controls:";
  for (uint32_t C = 0; C < F.OnceControls.size(); ++C)
    OS << ' ' << CtlName(C);
  OS << '\n';
  for (const auto &[L, Why] : F.OnceRefused)
    OS << "  not a once control: " << TM.describe(L) << ": " << Why << '\n';
  for (const auto &[Fn, C] : F.OnceFunctions)
    OS << "  once body of " << CtlName(C - 1) << ": " << Fn->getName() << '\n';
  OS << "after once:\n";
  for (AccessId A = 0; A < F.OncePassed.size(); ++A) {
    if (!F.OncePassed[A])
      continue;
    printAccess(TM, A, OS);
    OS << ": after";
    for (uint32_t C : F.PassedSets[F.OncePassed[A]])
      OS << ' ' << CtlName(C);
    OS << '\n';
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
