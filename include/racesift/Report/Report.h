//===- Report.h - Compiler diagnostics and SARIF 2.1.0 ----------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_REPORT_REPORT_H
#define RACESIFT_REPORT_REPORT_H

#include "racesift/Report/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace racesift {

/// One compiler diagnostic; the entry point decides how it is printed
/// (clang's DiagnosticsEngine, or LLVM's diagnostic handler).
struct Diagnostic {
  enum class Severity : uint8_t { Error, Warning, Note, Remark };
  Severity Sev = Severity::Warning;
  SourceLoc Loc;
  std::string Message;
};

/// The diagnostics for all unsuppressed findings, in a deterministic order:
/// each warning (error with Werror) is followed by its notes.
///
/// Findings are sorted by first access location, then variable, then second
/// access location. For each one, in this order:
///   warning/error at First.Loc:
///     data race on 'x': write in thread 'worker' conflicts with read in
///     thread 'main'
///     possible data race on 'x': ... (not decided: <Reason>)
///   Heap data reads "on heap object 'heap@t.c:12 .count'" (Variable as
///   given). An access without a source position (Loc.Line == 0) adds
///   " in function 'f'" after its thread, so the function is always named.
///   Werror makes every reported finding, confirmed or possible, an Error,
///   except one the baseline has (BaselineState::Unchanged).
///   note at Second.Loc: conflicting read in thread 'main' here
///     ("... in function 'main'" instead of "here" without a position)
///   note at First.Loc: 'worker' holds {m}; 'main' holds no lock
///     (equal thread names add the access kind: 'w' (write) holds ...)
///   note per LockOps entry at its Loc: lock 'm' <Operation> here
///   note per Notes entry at First.Loc: the note text
///   unchanged against a baseline, note at First.Loc: already in the
///     baseline
///   confirmed races, note at First.Loc:
///     interleaving: main: create worker#1 (t.c:20) -> worker#1: write x
///     (t.c:8) -> main: read x (t.c:21)
///     (file base names; "(in f)" without a position). Steps of kind Data
///     are left out; of more than 8 others, the note keeps 8 by priority:
///     the racing accesses, the creation and joining of the racing threads
///     and their creators, the racing threads' lock operations nearest to
///     the race, other thread steps, the rest nearest to the race. Each run
///     of left-out steps reads "... N more steps ...", and a note that
///     leaves anything out ends with "(the SARIF codeFlow has all M steps,
///     D on loop counters and flags)".
///   for First, then Second, a note at each call of its CallPath, innermost
///   first, at most 4:
///     the write in thread 'w' is in 'inc', called from 'step' here
///     (a CallPathExample: one way thread 'w' reaches the write in 'inc':
///     called from 'step' here)
///     'step' called from 'w' here
///   then, for a longer path, at the next call: ... N more call(s), from
///   'w' on; the SARIF log has the whole call path. If both accesses are of
///   one thread with the same calls, one set of notes says "both accesses
///   in thread 'w' are in 'inc', ..." ("one way thread 'w' reaches both
///   accesses in 'inc': ...").
std::vector<Diagnostic> formatDiagnostics(const std::vector<Finding> &Fs,
                                          bool Werror);

/// Sanitizer-style suppressions file: lines `race:<template>`,
/// `race_top:<template>`, `var:<glob>`, `fun:<glob>`, `src:<glob>`; `#`
/// comments.
///
/// race: and race_top: are ThreadSanitizer's, with its templates: a
/// template matches anywhere in a name unless anchored with '^' (start) or
/// '$' (end), and '*' matches any characters. race: matches the variable,
/// or the function or the file of either access; race_top: only the
/// function or the file (an access's function is its top frame). var:
/// matches only Finding::Variable; fun: the function of either access;
/// src: the file of either access, as written in debug info or as an
/// absolute path (Dir/File), and, for a glob without '/', its base name.
/// Their globs are llvm::GlobPattern (*, ?, [a-z], {a,b}), matching the
/// whole name. ThreadSanitizer's other types (called_from_lib, deadlock,
/// mutex, signal, thread) are skipped, so a file can serve both tools.
/// Blank lines and lines starting with '#' are skipped; surrounding blanks
/// are trimmed. The first matching rule wins; SuppressedBy is
/// "<file>:<line> <rule text>".
class Suppressions {
public:
  /// Fails only if the file cannot be read (the error names it); a bad
  /// line is one of problems().
  static llvm::Expected<Suppressions> load(const std::string &Path);
  /// Parses Text; Name stands for the file in messages and SuppressedBy.
  static Suppressions parse(llvm::StringRef Text, llvm::StringRef Name);
  /// Marks matching findings as suppressed (they stay in the list), and
  /// remembers which rules matched a finding, suppressed already or not.
  void apply(std::vector<Finding> &Fs);
  bool empty() const { return Rules.empty(); }
  /// The lines parse() skipped as wrong, "<file>:<line>: <why>: '<line>'"
  /// (an unknown type names the closest known one).
  const std::vector<std::string> &problems() const { return Problems; }
  /// "<file>:<line>: 'race:x' matched no finding", for each rule that no
  /// apply() matched.
  std::vector<std::string> unmatched() const;

private:
  struct Rule {
    std::string Kind, Glob, Where; ///< Where = "file:line" for messages.
    bool Used = false;
  };
  std::vector<Rule> Rules;
  std::vector<std::string> Problems;
};

/// Marks findings with a `racesift-ignore` comment on either access's line,
/// or alone on the line before it, as suppressed in source. Sources are
/// read from the accesses' paths (relative ones from their compilation
/// directory); an unreadable source suppresses nothing.
void applyCommentSuppressions(std::vector<Finding> &Fs);

/// A SARIF log of an earlier run (option baseline=): a finding whose
/// fingerprint (partialFingerprints, free of line numbers) the baseline has
/// is unchanged, any other new.
///
/// Which results count: those of the baseline's runs with the run's key
/// (runKeyOf) if it has any, and then its results no finding matched are
/// absent; otherwise those of all its runs (a merged log of a whole build,
/// or a log of another checkout), and none is absent, since another unit
/// may still have them. Results already absent in the baseline never count.
class Baseline {
public:
  /// Errors name the file: unreadable, or not a SARIF log.
  static llvm::Expected<Baseline> load(const std::string &Path);
  static llvm::Expected<Baseline> parse(llvm::StringRef Text,
                                        llvm::StringRef Name);
  /// Sets each finding's Baseline state and returns the absent results as
  /// JSON text, their artifact locations as absolute URIs where the
  /// baseline said how.
  std::vector<std::string> apply(std::vector<Finding> &Fs,
                                 const std::string &RunKey) const;

private:
  struct Result {
    std::string Fingerprint, Json;
  };
  /// Results of RaceSift's runs, by run key.
  std::vector<std::pair<std::string, std::vector<Result>>> Runs;
};

/// The key a run is logged under: RunInfo::Key, or the absolute module
/// name.
std::string runKeyOf(const RunInfo &Run);

/// GitHub code scanning's primaryLocationLineHash of every line of Text
/// (index 0 is line 1), computed as GitHub's upload action does when a log
/// lacks it: "<hex>:<n>", the hash of the line's first 100 characters
/// without blanks and tabs, and which occurrence of that hash in the file
/// this is. The value the action computes itself, so no upload warns about
/// an inconsistent fingerprint.
std::vector<std::string> githubLineHashes(llvm::StringRef Text);

/// Each finding's partialFingerprints value as renderSarif writes it, in
/// the order of Fs.
std::vector<std::string> sarifFingerprints(const std::vector<Finding> &Fs);

/// The SARIF 2.1.0 log of one run, as JSON text (2-space indent, sorted
/// keys, trailing newline). See docs/design-report.md for the layout. Every
/// finding is a result, suppressed ones with a `suppressions` entry (kind
/// "inSource" or "external", justification = SuppressedBy); with a baseline,
/// each has a baselineState and Run.AbsentResults follow. Result level is
/// "error" for a confirmed race and "warning" for a possible one, the rules'
/// default levels, so code scanning ranks them apart.
std::string renderSarif(const std::vector<Finding> &Fs, const RunInfo &Run);

/// Writes Text to Path atomically (temporary file in the same directory,
/// flushed and synced, then renamed over Path). On failure the error names
/// Path and the reason, and no temporary file is left behind.
llvm::Error writeFileAtomically(const std::string &Path,
                                const std::string &Text);

/// sarif-dir's file for a run: Dir/<base name>-<8 hex digits of the
/// run's key>.sarif, so a rebuilt module replaces its own log and two
/// modules with one base name (a/util.c, b/util.c) do not meet. Creates
/// Dir; if that fails the later write reports it.
std::string sarifPathInDir(const std::string &Dir, const std::string &Base,
                           const std::string &Key);

/// Writes Log (a log of one run) to Path, keeping what other runs wrote
/// there: under a lock on Path's lock file, the runs of the log already at
/// Path stay, except one with the same run key, which Log replaces. Several
/// compiles or links of one build can so share one `sarif=` file. A file
/// at Path that is not a SARIF log is an error, not overwritten.
llvm::Error mergeSarifLog(const std::string &Path, const std::string &Log);

} // namespace racesift

#endif // RACESIFT_REPORT_REPORT_H
