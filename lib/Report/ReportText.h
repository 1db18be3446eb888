//===- ReportText.h - Texts shared by diagnostics and SARIF -----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The compiler diagnostics and the SARIF log describe a finding with the same
// words, so a user who sees both recognises one finding.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_REPORT_REPORTTEXT_H
#define RACESIFT_LIB_REPORT_REPORTTEXT_H

#include "racesift/Report/Finding.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace racesift {
namespace report {

/// Findings in report order: first access, variable, second access, then the
/// remaining fields so that equal keys still sort the same way every run.
std::vector<const Finding *> sortedFindings(const std::vector<Finding> &Fs);

/// "write", "read", "atomic write", ...
std::string accessKind(const FindingAccess &A);

/// The SARIF rules, in the order of the log's rules array.
inline constexpr const char *RuleIds[] = {"data-race", "possible-data-race"};

/// F's rule: "data-race" or "possible-data-race".
const char *ruleIdOf(const Finding &F);

/// The index of rule Id in RuleIds, or -1.
int ruleIndexOf(llvm::StringRef Id);

/// "'x'", "heap object 'p'" or, for the model's own names, plain words:
/// "field .count of the heap object allocated at t.c:12".
std::string variableText(const Finding &F);

/// "thread 'worker'", or "the library's callers" for '<env>'.
std::string threadText(const FindingAccess &A);

/// "in thread 'worker'", or "by the library's callers".
std::string byThreadText(const FindingAccess &A);

/// "the write in thread 'w' itself is in '_M_length', in a system header,
/// reached through the call reported": for an access lifted to user code.
std::string inLibraryText(const FindingAccess &A);

/// "write in thread 'worker'" ("write by the library's callers"), plus " in
/// function 'f'" when the access has no source position, so the function is
/// named somewhere.
std::string accessText(const FindingAccess &A);

/// "data race on 'x': write in thread 'worker' conflicts with read in thread
/// 'main'", with " (not decided: <Reason>)" for a possible race.
std::string headline(const Finding &F);

/// " (not decided: <F.Reason>)", what a possible race's headline ends with.
std::string notDecidedText(const Finding &F);

/// "'worker' holds {m}; 'main' holds no lock".
std::string locksText(const Finding &F);

/// "t.c:8" or "in worker" without a source position.
std::string shortLoc(const SourceLoc &L);

/// "interleaving: main: create worker#1 (t.c:20) -> ...": no steps on tracked
/// data, and at most 8 others, chosen by what shows the race (see
/// formatDiagnostics); the SARIF codeFlow keeps every step.
std::string interleavingText(const Finding &F);

/// The partialFingerprints key of RaceSift's results.
inline constexpr const char *FingerprintKey = "racesiftFingerprint/v1";

/// The stable identity of a finding without line or column numbers.
std::string fingerprintBase(const Finding &F);

/// "cannot write 'Path': Why", as every file the report writes says it.
llvm::Error cannotWrite(const std::string &Path, std::error_code EC,
                        const llvm::Twine &Why);

} // namespace report
} // namespace racesift

#endif // RACESIFT_LIB_REPORT_REPORTTEXT_H
