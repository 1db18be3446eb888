//===- Finding.h - What the report is given ---------------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Plain findings: the report knows nothing of how a race was found.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_REPORT_FINDING_H
#define RACESIFT_REPORT_FINDING_H

#include "racesift/Support/SourceLoc.h"

#include <string>
#include <vector>

namespace racesift {

enum class FindingKind : uint8_t {
  Race,         ///< Confirmed, with an interleaving (rule data-race).
  PossibleRace, ///< Not decided (rule possible-data-race); Reason says why.
};

struct FindingAccess {
  SourceLoc Loc;
  bool IsWrite = false;
  bool IsAtomic = false;
  std::string Thread; ///< "main", "worker", ...
  /// The thread is the library's callers (a module without main): shown
  /// in words, not by its name '<env>'.
  bool ByCallers = false;
  std::vector<std::string> LocksHeld; ///< Names, sorted.
  /// The calls from the thread's start routine to the access's function,
  /// outermost first, each at its call site (Function: the caller). Empty
  /// if the access is in the start routine or the path is not known.
  std::vector<SourceLoc> CallPath;
  /// CallPath is one way the thread may reach the access (a shortest one),
  /// not the one an interleaving took.
  bool CallPathExample = false;
  /// The access itself, in a system header (std::vector's push_back), when
  /// Loc is the user's call that leads there (the innermost call site of
  /// CallPath in user code); unknown otherwise.
  SourceLoc InLibrary;
};

/// A lock operation worth showing next to a finding.
struct LockOperation {
  std::string Lock;
  std::string Operation; ///< "acquired", "released", ...
  SourceLoc Loc;
};

/// What a step of an interleaving does. The short compiler note chooses its
/// steps by kind; SARIF keeps every step.
enum class FlowStepKind : uint8_t {
  Other,
  Thread, ///< Creates, joins, detaches, cancels or ends a thread.
  Sync,   ///< Lock, unlock, wait, signal, barrier, semaphore, once.
  Access, ///< Reads or writes shared memory.
  Data,   ///< Only updates or tests tracked data (a loop counter, a flag).
};

/// One step of the interleaving of a confirmed race.
struct FlowStep {
  unsigned Thread = 0;    ///< Thread instance, 0 = root.
  std::string ThreadName; ///< "main", "worker#1".
  /// "lock m", "write x", "create worker#1", "join t (worker#1)", ...: a
  /// Thread step names the thread it acts on.
  std::string Action;
  SourceLoc Loc;
  FlowStepKind Kind = FlowStepKind::Other;
  /// Calls between the thread's start routine and the step's function.
  unsigned CallDepth = 0;
};

/// Folds three or more back-to-back repetitions of the same steps (a loop
/// in the interleaving: a counter counting up, a spin) into the first and
/// the last repetition with a step between that says how many were left
/// out. The last two steps, the racing accesses, are never folded.
std::vector<FlowStep> foldRepeatedSteps(const std::vector<FlowStep> &Steps);

/// Where a finding stands against a baseline log (option baseline=).
enum class BaselineState : uint8_t {
  None,      ///< No baseline was given.
  New,       ///< The baseline has no result with its fingerprint.
  Unchanged, ///< The baseline has it: werror does not fail on it.
};

struct Finding {
  FindingKind Kind = FindingKind::PossibleRace;
  std::string Variable; ///< "x", "heap@main.c:12 .count".
  /// Variable in plain words where its name is the model's ("field .count
  /// of the heap object allocated at main.c:12"); empty: Variable says it.
  /// Suppressions and fingerprints use Variable.
  std::string VariableText;
  bool HeapObject = false;
  FindingAccess First; ///< The access the warning is attached to.
  FindingAccess Second;
  std::vector<LockOperation> LockOps;
  std::vector<FlowStep> Interleaving; ///< Race only; ends at the accesses.
  /// What makes the program take the interleaving ("with argc = 3"), if
  /// known; also one of Notes.
  std::string InterleavingCondition;
  std::string Reason; ///< PossibleRace: "lockset only", "state budget", ...
  /// PossibleRace: the budget ran out before the location was examined;
  /// the compiler output summarises these, SARIF lists each.
  bool Unexamined = false;
  std::vector<std::string> Notes; ///< e.g. "thread bound 2 may cut ...".
  /// Set by suppression matching; suppressed findings stay in SARIF.
  bool Suppressed = false;
  std::string SuppressedBy; ///< "attribute on 'x'", "file.supp:3 var:x".
  bool SuppressedInSource = false;
  BaselineState Baseline = BaselineState::None;
};

/// A message about the run itself (budget exhausted, no threads, ...).
struct Notification {
  enum class Level : uint8_t { Note, Warning, Error } Lvl = Level::Note;
  std::string Id; ///< "budget-exhausted", "no-debug-info", ...
  std::string Message;
};

struct RunInfo {
  std::string ModuleName; ///< Source file or linked output.
  /// What the run analysed, stable across rebuilds: a later run with the
  /// same key replaces this one in a shared log (empty: the module name).
  std::string Key;
  std::string SourceRoot; ///< Absolute; for %SRCROOT% relative URIs.
  /// The source files analysed (the module's compile units), absolute: the
  /// log lists them as analysis targets.
  std::vector<std::string> AnalysedFiles;
  /// The SARIF automationDetails category (option sarif-category); empty:
  /// "racesift/<module base name>", so the logs of several modules can be
  /// uploaded side by side.
  std::string Category;
  bool Success = true; ///< The analysis itself completed.
  std::vector<Notification> Notifications;
  /// Interleaving steps a SARIF log carries in all; a race past it keeps
  /// its locations and says its codeFlow was left out.
  size_t MaxLogFlowSteps = 20000;
  /// The baseline's results that no finding of this run matched, as SARIF
  /// result objects in JSON text; the log lists them as absent.
  std::vector<std::string> AbsentResults;
};

} // namespace racesift

#endif // RACESIFT_REPORT_FINDING_H
