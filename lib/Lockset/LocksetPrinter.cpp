//===- LocksetPrinter.cpp - print<racesift-lockset> -------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/Lockset/LocksetPrinter.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace racesift;
using namespace llvm;

static const Access *findAccess(const ThreadModel &TM, AccessId Id) {
  return Id < TM.Accesses.size() ? &TM.Accesses[Id] : nullptr;
}

static void printPos(const SourceLoc &L, raw_ostream &OS) {
  if (!L.known()) {
    OS << "<unknown> in " << L.Function;
    return;
  }
  OS << sys::path::filename(L.File) << ':' << L.Line << ':' << L.Col;
}

static void printLockSet(const LockSet &S, raw_ostream &OS) {
  OS << '{';
  bool First = true;
  for (const HeldLock &H : S) {
    if (!First)
      OS << ", ";
    First = false;
    OS << H.Name;
    if (H.Mode == LockMode::Shared)
      OS << "(shared)";
    if (H.Depth > 1)
      OS << "(x" << H.Depth << ')';
    if (H.IndexShapes.first)
      OS << "(same index)";
    // The weakest correlation, named where it is the only one.
    if (H.WithinObject.first && !H.IndexShapes.first &&
        H.OffsetFromAccess == AnyOffset)
      OS << "(same object)";
  }
  OS << '}';
}

static StringRef threadName(const ThreadModel &TM, TemplateId T) {
  return T < TM.Templates.size() ? StringRef(TM.Templates[T].Name)
                                 : StringRef("<thread>");
}

void racesift::printLocksets(const ThreadModel &TM, const LocksetResult &R,
                             raw_ostream &OS) {
  OS << "contexts:\n";
  for (const AccessContext &C : R.Contexts) {
    const Access *A = findAccess(TM, C.Acc);
    if (!A)
      continue;
    OS << "  " << threadName(TM, C.Thread) << ": "
       << (A->IsWrite ? "write " : "read ") << A->Name << " at ";
    printPos(A->Loc, OS);
    OS << " holds ";
    printLockSet(C.Held, OS);
    OS << '\n';
  }
  OS << "candidates:\n";
  for (const Candidate &Cand : R.Candidates) {
    OS << "  " << Cand.LocName << ": ";
    bool FirstSide = true;
    for (const AccessContext *C : {&Cand.First, &Cand.Second}) {
      if (!FirstSide)
        OS << " <-> ";
      FirstSide = false;
      const Access *A = findAccess(TM, C->Acc);
      if (!A)
        continue;
      OS << (A->IsWrite ? "write" : "read") << (A->IsAtomic ? " atomic" : "")
         << " at ";
      printPos(A->Loc, OS);
      OS << " in " << threadName(TM, C->Thread) << ' ';
      printLockSet(C->Held, OS);
    }
    OS << '\n';
  }
  // Locations whose pairs were not all kept as candidates.
  for (const auto &[L, N] : R.PairsPerLocation) {
    size_t Kept = llvm::count_if(
        R.Candidates, [&, L = L](const Candidate &C) { return C.Loc == L; });
    if (N > Kept)
      OS << "  " << TM.describe(L) << ": " << N - Kept
         << " more unprotected pair(s)\n";
  }
  if (R.BudgetExhausted)
    OS << "budget-exhausted: paired " << R.ObjectsPaired << " of "
       << R.SharedObjects << " shared objects\n";
  OS << "protected-pairs: " << R.ProtectedPairs << '\n';
  OS << "ordered-pairs: " << R.OrderedPairs << '\n';
  OS << "shared-locations: " << R.SharedLocations << '\n';
  OS << "unresolved-locks: " << R.UnresolvedLocks << '\n';
}

PreservedAnalyses LocksetPrinterPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  const ThreadModel &TM = MAM.getResult<ThreadModelAnalysis>(M);
  LocksetResult R = computeOrderedLocksets(TM);
  OS << "racesift-lockset: module '"
     << sys::path::filename(M.getSourceFileName()) << "'\n";
  printLocksets(TM, R, OS);
  return PreservedAnalyses::all();
}
