//===- ReportText.cpp - Texts shared by diagnostics and SARIF -------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReportText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace racesift {
namespace report {

std::vector<const Finding *> sortedFindings(const std::vector<Finding> &Fs) {
  std::vector<const Finding *> Out;
  Out.reserve(Fs.size());
  for (const Finding &F : Fs)
    Out.push_back(&F);
  auto Key = [](const Finding *F) {
    return std::tie(F->First.Loc, F->Variable, F->Second.Loc, F->Kind,
                    F->First.Thread, F->Second.Thread, F->First.IsWrite,
                    F->Second.IsWrite, F->Reason);
  };
  // Equal keys keep their input order (the pointers are in input order);
  // std::stable_sort would do too but warns with clang and libstdc++ 12.
  std::sort(Out.begin(), Out.end(), [&](const Finding *A, const Finding *B) {
    auto KA = Key(A), KB = Key(B);
    return KA < KB || (KA == KB && A < B);
  });
  return Out;
}

std::string accessKind(const FindingAccess &A) {
  std::string K = A.IsAtomic ? "atomic " : "";
  return K + (A.IsWrite ? "write" : "read");
}

std::string variableText(const Finding &F) {
  return (F.HeapObject ? "heap object '" : "'") + F.Variable + "'";
}

std::string accessText(const FindingAccess &A) {
  std::string S = accessKind(A) + " in thread '" + A.Thread + "'";
  if (!A.Loc.known() && !A.Loc.Function.empty())
    S += " in function '" + A.Loc.Function + "'";
  return S;
}

std::string headline(const Finding &F) {
  std::string S =
      F.Kind == FindingKind::Race ? "data race on " : "possible data race on ";
  S += variableText(F) + ": " + accessText(F.First) + " conflicts with " +
       accessText(F.Second);
  if (F.Kind == FindingKind::PossibleRace)
    S += " (not decided: " + (F.Reason.empty() ? "no reason given" : F.Reason) +
         ")";
  return S;
}

static std::string heldText(const FindingAccess &A) {
  if (A.LocksHeld.empty())
    return "holds no lock";
  return "holds {" + llvm::join(A.LocksHeld, ", ") + "}";
}

std::string locksText(const Finding &F) {
  // Two instances of one thread function share a name: then say which
  // access each lockset belongs to.
  bool Same = F.First.Thread == F.Second.Thread;
  auto Who = [&](const FindingAccess &A) {
    std::string W = "'" + A.Thread + "'";
    return Same ? W + " (" + accessKind(A) + ")" : W;
  };
  return Who(F.First) + " " + heldText(F.First) + "; " + Who(F.Second) + " " +
         heldText(F.Second);
}

std::string shortLoc(const SourceLoc &L) {
  if (L.known())
    return llvm::sys::path::filename(L.File).str() + ":" +
           std::to_string(L.Line);
  return L.Function.empty() ? "" : "in " + L.Function;
}

static std::string stepText(const FlowStep &S) {
  std::string T = S.ThreadName + ": " + S.Action;
  std::string Where = shortLoc(S.Loc);
  return Where.empty() ? T : T + " (" + Where + ")";
}

std::string interleavingText(const Finding &F) {
  // A note is read in a terminal: it shows the thread and lock steps, not
  // the bookkeeping of loop counters and flags, and beyond a handful of
  // steps only the start (thread creation) and the end (the racing
  // accesses). SARIF's codeFlow has every step.
  constexpr size_t MaxSteps = 8, Head = 2, Tail = 5;
  std::vector<const FlowStep *> Steps;
  for (const FlowStep &S : F.Interleaving)
    if (!S.TracksData)
      Steps.push_back(&S);
  size_t DataSteps = F.Interleaving.size() - Steps.size();
  std::vector<std::string> Parts;
  if (Steps.size() <= MaxSteps) {
    for (const FlowStep *S : Steps)
      Parts.push_back(stepText(*S));
  } else {
    for (size_t I = 0; I < Head; ++I)
      Parts.push_back(stepText(*Steps[I]));
    Parts.push_back("... " + std::to_string(Steps.size() - Head - Tail) +
                    " more steps (see the SARIF codeFlow) ...");
    for (size_t I = Steps.size() - Tail; I < Steps.size(); ++I)
      Parts.push_back(stepText(*Steps[I]));
  }
  std::string Text = "interleaving: " + llvm::join(Parts, " -> ");
  if (DataSteps)
    Text += " (and " + std::to_string(DataSteps) +
            " step(s) on loop counters and flags, in the SARIF codeFlow)";
  return Text;
}

/// Drops ":<digits>" so "heap@t.c:12 .count" does not change when lines are
/// inserted above the allocation.
static std::string withoutLineNumbers(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == ':' && I + 1 < S.size() &&
        std::isdigit(static_cast<unsigned char>(S[I + 1]))) {
      ++I;
      while (I + 1 < S.size() &&
             std::isdigit(static_cast<unsigned char>(S[I + 1])))
        ++I;
      continue;
    }
    Out += S[I];
  }
  return Out;
}

std::string fingerprintBase(const Finding &F) {
  // Order the two accesses so the identity does not depend on which one the
  // warning is attached to.
  std::string A = F.First.Loc.Function + '\x1f' + accessKind(F.First);
  std::string B = F.Second.Loc.Function + '\x1f' + accessKind(F.Second);
  if (B < A)
    std::swap(A, B);
  std::string Rule =
      F.Kind == FindingKind::Race ? "data-race" : "possible-data-race";
  return Rule + '\x1e' + withoutLineNumbers(F.Variable) + '\x1e' + A + '\x1e' +
         B;
}

} // namespace report
} // namespace racesift
