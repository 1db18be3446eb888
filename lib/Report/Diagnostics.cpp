//===- Diagnostics.cpp - Findings as compiler diagnostics -----------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReportText.h"

#include "racesift/Report/Report.h"

#include <algorithm>

namespace racesift {

using namespace report;

/// A note's location: its own when known, otherwise a text naming the
/// function, since the entry point prints an unknown location without one.
static std::string where(const SourceLoc &L, const char *Here) {
  if (L.known())
    return Here;
  return L.Function.empty() ? "" : "in function '" + L.Function + "'";
}

static std::string joinWords(const std::string &A, const std::string &B) {
  return B.empty() ? A : A + " " + B;
}

/// Notes at the calls that led to A, innermost first, so that an IDE can
/// jump along them; past MaxFrames, one note counts the rest. Both: the
/// other access has the same calls, and the notes speak for both.
static void addCallPathNotes(const FindingAccess &A, bool Both,
                             std::vector<Diagnostic> &Out) {
  constexpr size_t MaxFrames = 4;
  const std::vector<SourceLoc> &Path = A.CallPath;
  const size_t N = Path.size();
  for (size_t K = 0; K < N && K < MaxFrames; ++K) {
    const SourceLoc &Call = Path[N - 1 - K];
    const std::string &Callee = K == 0 ? A.Loc.Function : Path[N - K].Function;
    std::string Msg = "called from '" + Call.Function + "'";
    if (Call.known())
      Msg += " here";
    // An example path is one the thread may take; a witness's is the one
    // it took.
    if (K > 0)
      Msg = "'" + Callee + "' " + Msg;
    else if (A.CallPathExample)
      Msg = "one way " + threadText(A) +
            (A.ByCallers ? " reach " : " reaches ") +
            (Both ? "both accesses" : "the " + accessKind(A)) + " in '" +
            Callee + "': " + Msg;
    else
      Msg =
          (Both ? "both accesses " + byThreadText(A) + " are in '"
                : "the " + accessKind(A) + " " + byThreadText(A) + " is in '") +
          Callee + "', " + Msg;
    Out.push_back({Diagnostic::Severity::Note, Call, std::move(Msg)});
  }
  if (N > MaxFrames)
    Out.push_back({Diagnostic::Severity::Note, Path[N - 1 - MaxFrames],
                   "... " + std::to_string(N - MaxFrames) +
                       " more call(s), from '" + Path.front().Function +
                       "' on; the SARIF log has the whole call path"});
}

std::vector<Diagnostic> formatDiagnostics(const std::vector<Finding> &Fs,
                                          bool Werror) {
  std::vector<Diagnostic> Out;
  auto Add = [&](Diagnostic::Severity Sev, const SourceLoc &L,
                 std::string Msg) { Out.push_back({Sev, L, std::move(Msg)}); };
  using Sev = Diagnostic::Severity;
  std::vector<const Finding *> Unexamined, Shown;
  for (const Finding *F : sortedFindings(Fs)) {
    if (F->Suppressed)
      continue;
    // Locations the budget left unexamined are lockset candidates and
    // nothing more: one line says how many, instead of a warning each
    // (librdkafka's rdkafka.c had 96).
    if (F->Unexamined)
      Unexamined.push_back(F);
    else
      Shown.push_back(F);
  }
  // Possible races at one access (the same position and thread) are one
  // warning: the first in report order, with a note for each other
  // location and access it may conflict with (std::function's fields at
  // one `push` were three warnings at one caret). Races are claims of fact,
  // each with its interleaving: one warning each.
  auto SameAccess = [](const Finding *A, const Finding *B) {
    return A->Kind == FindingKind::PossibleRace &&
           B->Kind == FindingKind::PossibleRace &&
           A->First.Loc == B->First.Loc && A->First.Thread == B->First.Thread &&
           A->First.ByCallers == B->First.ByCallers;
  };
  std::vector<bool> Grouped(Shown.size());
  for (size_t I = 0; I < Shown.size(); ++I) {
    if (Grouped[I])
      continue;
    const Finding *F = Shown[I];
    std::vector<const Finding *> Also;
    // Findings sort by first access: a group ends where the position does.
    for (size_t K = I + 1;
         K < Shown.size() && Shown[K]->First.Loc == F->First.Loc; ++K)
      if (SameAccess(F, Shown[K])) {
        Grouped[K] = true;
        Also.push_back(Shown[K]);
      }
    // Werror promotes possible races too: the user asked that any reported
    // race fails the build, and an undecided one is still reported. A
    // baseline's findings are known and accepted for now: only new ones
    // fail it.
    auto IsKnown = [](const Finding *G) {
      return G->Baseline == BaselineState::Unchanged;
    };
    bool Known = IsKnown(F) && std::all_of(Also.begin(), Also.end(), IsKnown);
    Add(Werror && !Known ? Sev::Error : Sev::Warning, F->First.Loc,
        headline(*F));

    const FindingAccess &S = F->Second;
    // Not accessText: where(S.Loc) names the function when the position is
    // unknown.
    std::string Other = "conflicting " + accessKind(S) + " " + byThreadText(S);
    Add(Sev::Note, S.Loc, joinWords(Other, where(S.Loc, "here")));
    Add(Sev::Note, F->First.Loc, locksText(*F));
    for (const LockOperation &Op : F->LockOps)
      Add(Sev::Note, Op.Loc,
          joinWords("lock '" + Op.Lock + "' " + Op.Operation,
                    where(Op.Loc, "here")));
    for (const FindingAccess *A : {&F->First, &F->Second})
      if (A->InLibrary.known())
        Add(Sev::Note, A->InLibrary, inLibraryText(*A));
    for (const std::string &N : F->Notes)
      Add(Sev::Note, F->First.Loc, N);
    if (Known)
      Add(Sev::Note, F->First.Loc, "already in the baseline");
    if (F->Kind == FindingKind::Race && !F->Interleaving.empty())
      Add(Sev::Note, F->First.Loc, interleavingText(*F));
    // Two instances of one thread in one helper: one set of notes.
    const FindingAccess &A = F->First, &B = F->Second;
    bool Same = A.Thread == B.Thread && A.CallPath == B.CallPath &&
                A.CallPathExample == B.CallPathExample &&
                A.Loc.Function == B.Loc.Function;
    addCallPathNotes(A, Same, Out);
    if (!Same)
      addCallPathNotes(B, false, Out);
    std::vector<std::pair<std::string, const SourceLoc *>> AlsoNotes;
    for (const Finding *GP : Also) {
      const Finding &G = *GP;
      std::string Msg = "also a possible data race on " + variableText(G) +
                        ": this " + accessKind(G.First) + " conflicts with " +
                        accessText(G.Second);
      if (G.Reason != F->Reason)
        Msg += notDecidedText(G);
      Msg = joinWords(Msg, where(G.Second.Loc, "here"));
      // Pairs that differ only in what the report does not show (a second
      // path to the same access) say the same once.
      bool Said =
          std::any_of(AlsoNotes.begin(), AlsoNotes.end(), [&](const auto &N) {
            return N.first == Msg && *N.second == G.Second.Loc;
          });
      bool Headline = G.Variable == F->Variable &&
                      G.Second.Loc == F->Second.Loc &&
                      G.Second.Thread == F->Second.Thread &&
                      G.Second.IsWrite == F->Second.IsWrite;
      if (Said || Headline)
        continue;
      AlsoNotes.push_back({Msg, &G.Second.Loc});
      Add(Sev::Note, G.Second.Loc, std::move(Msg));
    }
  }
  if (!Unexamined.empty()) {
    bool AnyNew =
        std::any_of(Unexamined.begin(), Unexamined.end(), [](const Finding *F) {
          return F->Baseline != BaselineState::Unchanged;
        });
    constexpr size_t Listed = 4;
    std::string Msg = "racesift: " + std::to_string(Unexamined.size()) +
                      " possible data race(s) not examined within the time "
                      "budget: ";
    for (size_t I = 0; I < Unexamined.size() && I < Listed; ++I)
      Msg += (I ? ", '" : "'") + Unexamined[I]->Variable + "' (" +
             shortLoc(Unexamined[I]->First.Loc) + ")";
    if (Unexamined.size() > Listed)
      Msg += ", ...";
    Msg += "; the SARIF log lists them all; raise the budget with the "
           "timeout option";
    Add(Werror && AnyNew ? Sev::Error : Sev::Warning, SourceLoc(),
        std::move(Msg));
  }
  return Out;
}

} // namespace racesift
