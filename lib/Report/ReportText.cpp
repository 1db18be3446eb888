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

const char *ruleIdOf(const Finding &F) {
  return RuleIds[F.Kind == FindingKind::Race ? 0 : 1];
}

int ruleIndexOf(llvm::StringRef Id) {
  for (unsigned I = 0; I < std::size(RuleIds); ++I)
    if (Id == RuleIds[I])
      return I;
  return -1;
}

std::string accessKind(const FindingAccess &A) {
  std::string K = A.IsAtomic ? "atomic " : "";
  return K + (A.IsWrite ? "write" : "read");
}

std::string variableText(const Finding &F) {
  if (!F.VariableText.empty())
    return F.VariableText;
  return (F.HeapObject ? "heap object '" : "'") + F.Variable + "'";
}

std::string threadText(const FindingAccess &A) {
  return A.ByCallers ? "the library's callers" : "thread '" + A.Thread + "'";
}

std::string byThreadText(const FindingAccess &A) {
  return (A.ByCallers ? "by " : "in ") + threadText(A);
}

std::string inLibraryText(const FindingAccess &A) {
  return "the " + accessKind(A) + " " + byThreadText(A) + " itself is in '" +
         A.InLibrary.Function +
         "', in a system header, reached through the call reported";
}

std::string accessText(const FindingAccess &A) {
  std::string S = accessKind(A) + " " + byThreadText(A);
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
    S += notDecidedText(F);
  return S;
}

std::string notDecidedText(const Finding &F) {
  return " (not decided: " + (F.Reason.empty() ? "no reason given" : F.Reason) +
         ")";
}

static std::string heldText(const FindingAccess &A) {
  std::string Verb = A.ByCallers ? "hold " : "holds ";
  if (A.LocksHeld.empty())
    return Verb + "no lock";
  return Verb + "{" + llvm::join(A.LocksHeld, ", ") + "}";
}

std::string locksText(const Finding &F) {
  // Two instances of one thread function share a name: then say which
  // access each lockset belongs to.
  bool Same = F.First.Thread == F.Second.Thread &&
              F.First.ByCallers == F.Second.ByCallers;
  auto Who = [&](const FindingAccess &A) {
    std::string W = A.ByCallers ? threadText(A) : "'" + A.Thread + "'";
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

/// Whether Action names thread instance T ("create worker#1",
/// "join t (worker#1)"), not a longer name ("worker#12").
static bool namesThread(const std::string &Action, const std::string &T) {
  for (size_t P = Action.find(T); P != std::string::npos;
       P = Action.find(T, P + 1)) {
    size_t E = P + T.size();
    bool Before = P > 0 && (Action[P - 1] == ' ' || Action[P - 1] == '(');
    bool After = E == Action.size() ||
                 !(std::isalnum(static_cast<unsigned char>(Action[E])) ||
                   Action[E] == '_' || Action[E] == '#');
    if (Before && After)
      return true;
  }
  return false;
}

static std::string countText(size_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

std::string interleavingText(const Finding &F) {
  // A note is read in a terminal: at most MaxSteps steps, chosen by what a
  // reader needs to see the race happen. Steps on loop counters and flags
  // never appear (the SARIF codeFlow has every step); then the two racing
  // accesses (the last two steps), the creation and joining of the racing
  // threads and of the threads that created them, the racing threads' lock
  // operations nearest to the race, other threads' creations and joins, and
  // finally the remaining steps nearest to the race.
  constexpr size_t MaxSteps = 8;
  std::vector<const FlowStep *> Steps;
  for (const FlowStep &S : F.Interleaving)
    if (S.Kind != FlowStepKind::Data)
      Steps.push_back(&S);
  const size_t N = Steps.size();
  std::vector<bool> Keep(N, N <= MaxSteps);
  if (N > MaxSteps) {
    size_t Left = MaxSteps;
    auto Take = [&](size_t I) {
      if (Left && !Keep[I]) {
        Keep[I] = true;
        --Left;
      }
    };
    Take(N - 1);
    Take(N - 2);
    std::vector<std::string> Racing = {Steps[N - 1]->ThreadName,
                                       Steps[N - 2]->ThreadName};
    // The threads the racing ones descend from: walking back, whoever
    // created a relevant thread is relevant too.
    std::vector<std::string> Relevant = Racing;
    auto Names = [](const FlowStep &S, const std::vector<std::string> &Ts) {
      return std::any_of(Ts.begin(), Ts.end(), [&](const std::string &T) {
        return namesThread(S.Action, T);
      });
    };
    for (size_t I = N; I-- > 0;)
      if (Steps[I]->Kind == FlowStepKind::Thread &&
          Names(*Steps[I], Relevant) &&
          std::find(Relevant.begin(), Relevant.end(), Steps[I]->ThreadName) ==
              Relevant.end())
        Relevant.push_back(Steps[I]->ThreadName);
    auto IsRacing = [&](const FlowStep &S) {
      return std::find(Racing.begin(), Racing.end(), S.ThreadName) !=
             Racing.end();
    };
    for (size_t I = 0; I < N; ++I)
      if (Steps[I]->Kind == FlowStepKind::Thread && Names(*Steps[I], Relevant))
        Take(I);
    for (size_t I = N; I-- > 0;)
      if (Steps[I]->Kind == FlowStepKind::Sync && IsRacing(*Steps[I]))
        Take(I);
    for (size_t I = 0; I < N; ++I)
      if (Steps[I]->Kind == FlowStepKind::Thread)
        Take(I);
    for (size_t I = N; I-- > 0;)
      Take(I);
  }

  std::vector<std::string> Parts;
  size_t Skipped = 0;
  for (size_t I = 0; I <= N; ++I) {
    if (I < N && !Keep[I]) {
      ++Skipped;
      continue;
    }
    if (Skipped)
      Parts.push_back("... " + countText(Skipped, "more step", "more steps") +
                      " ...");
    Skipped = 0;
    if (I < N)
      Parts.push_back(stepText(*Steps[I]));
  }
  std::string Text = "interleaving: " + llvm::join(Parts, " -> ");
  size_t Data = F.Interleaving.size() - N;
  if (N > MaxSteps || Data) {
    Text += " (the SARIF codeFlow has all " +
            countText(F.Interleaving.size(), "step", "steps");
    if (Data)
      Text += ", " + std::to_string(Data) + " on loop counters and flags";
    Text += ")";
  }
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
  return std::string(ruleIdOf(F)) + '\x1e' + withoutLineNumbers(F.Variable) +
         '\x1e' + A + '\x1e' + B;
}

} // namespace report
} // namespace racesift
