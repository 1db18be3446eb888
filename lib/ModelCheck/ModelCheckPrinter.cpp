//===- ModelCheckPrinter.cpp - print<racesift-mc> ---------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The line format (docs/design-modelcheck.md):
//
//   racesift-mc: module '<source file>'
//   <location>: race
//     first: <template> <access> at <file>:<line>:<col>
//     second: <template> <access> at <file>:<line>:<col>
//     witness:
//       <thread>: <step> at <file>:<line>:<col>
//   <location>: refuted (states <n>)
//   <location>: unknown (<reason>)
//     note: <thread bound note>
//     stats: states <n> transitions <n> bytes/state <n> seconds <s>
//
//===----------------------------------------------------------------------===//

#include "racesift/ModelCheck/ModelCheckPrinter.h"
#include "racesift/Lockset/Lockset.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace racesift;
using namespace llvm;

static void printLoc(const SourceLoc &L, raw_ostream &OS) {
  if (L.known())
    OS << " at " << L.File << ":" << L.Line << ":" << L.Col;
  else if (!L.Function.empty())
    OS << " in " << L.Function;
}

static void printAccess(const ThreadModel &TM, const AccessContext &AC,
                        raw_ostream &OS) {
  std::string Thread = AC.Thread < TM.Templates.size()
                           ? TM.Templates[AC.Thread].Name
                           : std::string("?");
  OS << Thread << " ";
  if (AC.Acc < TM.Accesses.size()) {
    const Access &A = TM.Accesses[AC.Acc];
    OS << (A.IsWrite ? "write " : "read ") << A.Name;
    printLoc(A.Loc, OS);
  }
  OS << "\n";
}

static void printRace(const ThreadModel &TM, const AccessContext &First,
                      const AccessContext &Second, const Witness &W,
                      raw_ostream &OS) {
  OS << "  first: ";
  printAccess(TM, First, OS);
  OS << "  second: ";
  printAccess(TM, Second, OS);
  OS << "  witness:\n";
  for (const WitnessStep &S : W.Steps) {
    OS << "    " << S.ThreadName << ": " << S.Step;
    printLoc(S.Loc, OS);
    OS << "\n";
  }
}

void racesift::printVerdicts(const ThreadModel &TM,
                             const std::vector<LocationVerdict> &Vs,
                             raw_ostream &OS) {
  printVerdicts(TM, Vs, OS, false);
}

std::string racesift::refutationReason(const ThreadModel &TM,
                                       const LocksetResult &LS,
                                       const MemLoc &Loc,
                                       const ModelCheckOptions &Opts,
                                       uint64_t RefutedStates) {
  LocksetResult One;
  One.Contexts = LS.Contexts;
  One.Order = LS.Order;
  One.OwnedOrder = LS.OwnedOrder;
  for (const Candidate &C : LS.Candidates)
    if (C.Loc == Loc)
      One.Candidates.push_back(C);
  // One race answers the question, and a relaxed space may be much larger
  // than the refuted one: each relaxed search stops at its first race and
  // within the refutation's states (plus a margin).
  bool Undecided = false;
  auto RacesWith = [&](unsigned Relax) {
    ModelCheckOptions O = Opts;
    O.Relax = Opts.Relax | Relax; // RelaxCounters if refuted with it.
    O.MaxRacesPerLocation = 1;
    O.MaxStates = std::min<uint64_t>(Opts.MaxStates, RefutedStates + 4096);
    std::vector<LocationVerdict> Vs = checkCandidates(TM, One, O);
    Undecided |= !Vs.empty() && Vs[0].V == Verdict::Unknown;
    return !Vs.empty() && Vs[0].V == Verdict::Race;
  };
  using MO = ModelCheckOptions;
  // Per-instance indices first where the location has any: the joins that
  // order the creator's accesses also depend on tracked data (the loop
  // counter), which would otherwise be named for the workers' pairs.
  bool Indexed = llvm::any_of(TM.Accesses, [&](const Access &A) {
    return A.IndexVar != NoDataVar &&
           llvm::any_of(A.Locs,
                        [&](const MemLoc &L) { return L.mayAlias(Loc); });
  });
  if (Indexed && RacesWith(MO::RelaxIndices))
    return "the instances' index values select different elements";
  if (RacesWith(MO::RelaxLocks))
    return "the locks' mutual exclusion orders the accesses";
  if (RacesWith(MO::RelaxData))
    return "tracked data orders the accesses (flags, counters, lock results)";
  if (RacesWith(MO::RelaxJoins))
    return "a join orders the accesses";
  if (RacesWith(MO::RelaxLocks | MO::RelaxData | MO::RelaxJoins))
    return "locks, tracked data and joins together order the accesses";
  return std::string("thread creation or other synchronisation orders the "
                     "accesses (condition variables, barriers, semaphores, "
                     "once)") +
         (Undecided ? "; a relaxed search ran out of states" : "");
}

void racesift::printVerdicts(const ThreadModel &TM,
                             const std::vector<LocationVerdict> &Vs,
                             raw_ostream &OS, bool Stats,
                             const std::vector<std::string> *Why) {
  for (size_t I = 0; I < Vs.size(); ++I) {
    const LocationVerdict &V = Vs[I];
    OS << TM.describe(V.Loc) << ": ";
    switch (V.V) {
    case Verdict::Race:
      OS << "race\n";
      printRace(TM, V.First, V.Second, V.W, OS);
      for (const RacePair &R : V.OtherRaces) {
        OS << "  also race\n";
        printRace(TM, R.First, R.Second, R.W, OS);
      }
      if (V.PairsUndecided)
        OS << "  note: other access pairs undecided: " << V.Reason << "\n";
      break;
    case Verdict::Refuted:
      OS << "refuted (states " << V.Stats.States
         << (V.CountersUntracked ? ", loop counters untracked" : "") << ")";
      if (V.DistinctIndices)
        OS << ": every pair is two instances at their own, different "
              "indices (distinct-indices)";
      else if (Why && I < Why->size() && !(*Why)[I].empty())
        OS << ": " << (*Why)[I];
      OS << "\n";
      break;
    case Verdict::Unknown:
      OS << "unknown (" << V.Reason << ")\n";
      break;
    }
    if (V.BoundMayCut)
      OS << "  note: the thread bound may cut behaviour: " << V.Reason << "\n";
    if (Stats)
      OS << "  stats: states " << V.Stats.States << " transitions "
         << V.Stats.Transitions << " bytes/state " << V.Stats.BytesPerState
         << " seconds " << format("%.3f", V.Stats.Seconds) << "\n";
  }
}

PreservedAnalyses ModelCheckPrinterPass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  const ThreadModel &TM = MAM.getResult<ThreadModelAnalysis>(M);
  LocksetResult LR = computeOrderedLocksets(TM);
  std::vector<LocationVerdict> Vs = checkCandidates(TM, LR, Opts);
  std::vector<std::string> Why(Vs.size());
  for (size_t I = 0; I < Vs.size(); ++I)
    if (Vs[I].V == Verdict::Refuted && !Vs[I].DistinctIndices) {
      ModelCheckOptions O = Opts;
      if (Vs[I].CountersUntracked)
        O.Relax |= ModelCheckOptions::RelaxCounters;
      Why[I] = refutationReason(TM, LR, Vs[I].Loc, O, Vs[I].Stats.States);
    }
  OS << "racesift-mc: module '" << M.getSourceFileName() << "'\n";
  printVerdicts(TM, Vs, OS, Opts.Stats, &Why);
  return PreservedAnalyses::all();
}
