//===- ReportTest.cpp - Tests of diagnostics, suppressions and SARIF ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/Report/Report.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

using namespace racesift;
using json = nlohmann::json;

namespace {

SourceLoc loc(const std::string &File, unsigned Line, unsigned Col,
              const std::string &Fn) {
  SourceLoc L;
  L.File = File;
  L.Dir = "/src/proj";
  L.Line = Line;
  L.Col = Col;
  L.Function = Fn;
  return L;
}

/// The race of the brief: worker writes x under m, main reads x unlocked.
Finding confirmedRace(unsigned Shift = 0) {
  Finding F;
  F.Kind = FindingKind::Race;
  F.Variable = "x";
  F.First.Loc = loc("t.c", 8 + Shift, 5, "worker");
  F.First.IsWrite = true;
  F.First.Thread = "worker";
  F.First.LocksHeld = {"m"};
  F.Second.Loc = loc("t.c", 21 + Shift, 3, "main");
  F.Second.Thread = "main";
  F.LockOps = {
      {"m", "acquired by 'worker'", loc("t.c", 7 + Shift, 3, "worker")}};
  F.Interleaving = {{0, "main", "create worker#1",
                     loc("t.c", 20 + Shift, 3, "main"), FlowStepKind::Thread},
                    {1, "worker#1", "lock m",
                     loc("t.c", 7 + Shift, 3, "worker"), FlowStepKind::Sync},
                    {1, "worker#1", "write x",
                     loc("t.c", 8 + Shift, 5, "worker"), FlowStepKind::Access},
                    {0, "main", "read x", loc("t.c", 21 + Shift, 3, "main"),
                     FlowStepKind::Access}};
  return F;
}

Finding possibleRace() {
  Finding F;
  F.Kind = FindingKind::PossibleRace;
  F.Variable = "heap@t.c:12 .count";
  F.HeapObject = true;
  F.First.Loc = loc("util.h", 4, 9, "bump");
  F.First.IsWrite = true;
  F.First.Thread = "worker";
  F.Second.Loc = loc("util.h", 4, 9, "bump");
  F.Second.IsWrite = true;
  F.Second.Thread = "worker";
  F.Reason = "state budget";
  F.Notes = {"explored with at most 2 threads"};
  return F;
}

std::string tempDir() {
  llvm::SmallString<128> D;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("racesift-report", D));
  return std::string(D);
}

std::vector<std::string> listDir(const std::string &Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
       I.increment(EC))
    Names.push_back(llvm::sys::path::filename(I->path()).str());
  std::sort(Names.begin(), Names.end());
  return Names;
}

json sarifOf(const std::vector<Finding> &Fs, RunInfo Run = {}) {
  if (Run.SourceRoot.empty())
    Run.SourceRoot = "/src/proj";
  return json::parse(renderSarif(Fs, Run));
}

} // namespace

TEST_CASE("diagnostics: confirmed race with notes", "[report]") {
  std::vector<Diagnostic> D = formatDiagnostics({confirmedRace()}, false);
  REQUIRE(D.size() == 5);
  CHECK(D[0].Sev == Diagnostic::Severity::Warning);
  CHECK(D[0].Loc.Line == 8);
  CHECK(D[0].Message == "data race on 'x': write in thread 'worker' "
                        "conflicts with read in thread 'main'");
  CHECK(D[1].Sev == Diagnostic::Severity::Note);
  CHECK(D[1].Loc.Line == 21);
  CHECK(D[1].Message == "conflicting read in thread 'main' here");
  CHECK(D[2].Message == "'worker' holds {m}; 'main' holds no lock");
  CHECK(D[3].Message == "lock 'm' acquired by 'worker' here");
  CHECK(D[3].Loc.Line == 7);
  CHECK(D[4].Message ==
        "interleaving: main: create worker#1 (t.c:20) -> worker#1: lock m "
        "(t.c:7) -> worker#1: write x (t.c:8) -> main: read x (t.c:21)");
}

TEST_CASE("diagnostics: the note leaves out steps on tracked data",
          "[report]") {
  Finding F = confirmedRace();
  FlowStep Counter{0, "main", "assign i := 0", loc("t.c", 19, 8, "main"),
                   FlowStepKind::Data};
  FlowStep Test{0, "main", "assume i < 4", loc("t.c", 19, 3, "main"),
                FlowStepKind::Data};
  F.Interleaving.insert(F.Interleaving.begin(), {Counter, Test});
  std::vector<Diagnostic> D = formatDiagnostics({F}, false);
  REQUIRE(D.size() == 5);
  CHECK(D[4].Message ==
        "interleaving: main: create worker#1 (t.c:20) -> worker#1: lock m "
        "(t.c:7) -> worker#1: write x (t.c:8) -> main: read x (t.c:21) (the "
        "SARIF codeFlow has all 6 steps, 2 on loop counters and flags)");
  // SARIF keeps them: six steps in the threadFlows, the data steps marked
  // unimportant, the racing accesses essential.
  json Flow = sarifOf({F})["runs"][0]["results"][0]["codeFlows"][0];
  std::map<unsigned, std::string> Importance;
  for (const json &T : Flow["threadFlows"])
    for (const json &L : T["locations"])
      Importance[L["executionOrder"].get<unsigned>()] = L["importance"];
  CHECK(Importance == std::map<unsigned, std::string>{{1, "unimportant"},
                                                      {2, "unimportant"},
                                                      {3, "important"},
                                                      {4, "important"},
                                                      {5, "essential"},
                                                      {6, "essential"}});
}

namespace {
FlowStep step(const std::string &Thread, const std::string &Action,
              unsigned Line, FlowStepKind Kind) {
  return {0, Thread, Action, loc("t.c", Line, 1, "f"), Kind};
}
} // namespace

TEST_CASE("diagnostics: a long note keeps the racing threads' creation",
          "[report]") {
  // main starts three threads; tb#2 and tc#3 race after taking a lock each.
  // Loop bookkeeping comes first, and ta#1 plays no part: the note drops
  // those, not the creation of tc#3.
  using K = FlowStepKind;
  Finding F = confirmedRace();
  F.Interleaving = {step("main", "assign i := 0", 9, K::Data),
                    step("main", "assume i < 3", 9, K::Data),
                    step("main", "create ta#1", 10, K::Thread),
                    step("main", "create tb#2", 11, K::Thread),
                    step("main", "create tc#3", 12, K::Thread),
                    step("main", "assign i := 3", 9, K::Data),
                    step("main", "assume i >= 3", 9, K::Data),
                    step("ta#1", "lock m", 2, K::Sync),
                    step("ta#1", "unlock m", 3, K::Sync),
                    step("tb#2", "lock m", 4, K::Sync),
                    step("tb#2", "unlock m", 5, K::Sync),
                    step("tc#3", "lock m", 6, K::Sync),
                    step("tc#3", "unlock m", 7, K::Sync),
                    step("tb#2", "write x", 8, K::Access),
                    step("tc#3", "read x", 8, K::Access)};
  CHECK(formatDiagnostics({F}, false).back().Message ==
        "interleaving: ... 1 more step ... -> main: create tb#2 (t.c:11) -> "
        "main: create tc#3 (t.c:12) -> ... 2 more steps ... -> tb#2: lock m "
        "(t.c:4) -> tb#2: unlock m (t.c:5) -> tc#3: lock m (t.c:6) -> tc#3: "
        "unlock m (t.c:7) -> tb#2: write x (t.c:8) -> tc#3: read x (t.c:8) "
        "(the SARIF codeFlow has all 15 steps, 4 on loop counters and "
        "flags)");
  // SARIF keeps every step.
  json Flow = sarifOf({F})["runs"][0]["results"][0]["codeFlows"][0];
  size_t Steps = 0;
  for (const json &T : Flow["threadFlows"])
    Steps += T["locations"].size();
  CHECK(Steps == 15);
}

TEST_CASE("diagnostics: a long note keeps the creators of racing threads",
          "[report]") {
  // main creates boss#1, which creates worker#1, which races with main.
  // worker#12 is another thread: its name only starts like worker#1's.
  using K = FlowStepKind;
  Finding F = confirmedRace();
  F.Interleaving = {step("main", "create boss#1", 1, K::Thread),
                    step("main", "create worker#12", 2, K::Thread),
                    step("boss#1", "create worker#1", 3, K::Thread)};
  for (int I = 0; I < 3; ++I) {
    F.Interleaving.push_back(step("worker#12", "lock m", 4, K::Sync));
    F.Interleaving.push_back(step("worker#12", "unlock m", 5, K::Sync));
  }
  for (const char *T : {"worker#1", "main"}) {
    F.Interleaving.push_back(step(T, "lock m", 6, K::Sync));
    F.Interleaving.push_back(step(T, "unlock m", 7, K::Sync));
  }
  F.Interleaving.push_back(step("worker#1", "write x", 8, K::Access));
  F.Interleaving.push_back(step("main", "read x", 9, K::Access));
  CHECK(formatDiagnostics({F}, false).back().Message ==
        "interleaving: main: create boss#1 (t.c:1) -> ... 1 more step ... "
        "-> boss#1: create worker#1 (t.c:3) -> ... 6 more steps ... -> "
        "worker#1: lock m (t.c:6) -> worker#1: unlock m (t.c:7) -> main: "
        "lock m (t.c:6) -> main: unlock m (t.c:7) -> worker#1: write x "
        "(t.c:8) -> main: read x (t.c:9) (the SARIF codeFlow has all 15 "
        "steps)");
}

TEST_CASE("diagnostics: possible race on heap data", "[report]") {
  std::vector<Diagnostic> D = formatDiagnostics({possibleRace()}, false);
  REQUIRE(D.size() == 4);
  CHECK(D[0].Message ==
        "possible data race on heap object 'heap@t.c:12 .count': write in "
        "thread 'worker' conflicts with write in thread 'worker' (not "
        "decided: state budget)");
  CHECK(D[2].Message ==
        "'worker' (write) holds no lock; 'worker' (write) holds no lock");
  CHECK(D[3].Message == "explored with at most 2 threads");
}

TEST_CASE("diagnostics: possible races at one access are one warning",
          "[report]") {
  // Three possible races at util.h:4:9 in 'worker': another field, another
  // read (another reason), and the first's pair again by another path; a
  // confirmed race there and a possible one in 'main' stay warnings.
  Finding A = possibleRace();
  Finding B = possibleRace();
  B.Variable = "heap@t.c:12 .total";
  Finding C = possibleRace();
  C.Second.Loc = loc("t.c", 30, 5, "main");
  C.Second.Thread = "main";
  C.Second.IsWrite = false;
  C.Reason = "lockset only";
  Finding Dup = possibleRace();
  Finding Race = possibleRace();
  Race.Kind = FindingKind::Race;
  Finding Other = possibleRace();
  Other.First.Thread = "main";
  std::vector<Diagnostic> D =
      formatDiagnostics({A, B, C, Dup, Race, Other}, false);
  std::vector<std::string> Warnings, Also;
  for (const Diagnostic &X : D) {
    if (X.Sev == Diagnostic::Severity::Warning)
      Warnings.push_back(X.Message);
    else if (llvm::StringRef(X.Message).starts_with("also"))
      Also.push_back(X.Message + " @" + std::to_string(X.Loc.Line));
  }
  REQUIRE(Warnings.size() == 3);
  // The first in report order (t.c sorts before util.h) leads the group.
  CHECK(Warnings[0] ==
        "possible data race on heap object 'heap@t.c:12 .count': write in "
        "thread 'worker' conflicts with read in thread 'main' (not decided: "
        "lockset only)");
  REQUIRE(Also.size() == 2);
  CHECK(Also[0] == "also a possible data race on heap object 'heap@t.c:12 "
                   ".count': this write conflicts with write in thread "
                   "'worker' (not decided: state budget) here @4");
  CHECK(Also[1] == "also a possible data race on heap object 'heap@t.c:12 "
                   ".total': this write conflicts with write in thread "
                   "'worker' (not decided: state budget) here @4");
  // -Werror: the group is one error.
  size_t Errors = 0;
  for (const Diagnostic &X : formatDiagnostics({A, B, C}, true))
    Errors += X.Sev == Diagnostic::Severity::Error;
  CHECK(Errors == 1);
}

TEST_CASE("diagnostics: plain words for the model's names", "[report]") {
  Finding F = possibleRace();
  F.VariableText = "field .count of the heap object allocated at t.c:12";
  F.First.ByCallers = true;
  std::vector<Diagnostic> D = formatDiagnostics({F}, false);
  REQUIRE(D.size() == 4);
  CHECK(D[0].Message ==
        "possible data race on field .count of the heap object allocated at "
        "t.c:12: write by the library's callers conflicts with write in "
        "thread 'worker' (not decided: state budget)");
  CHECK(D[1].Message == "conflicting write in thread 'worker' here");
  CHECK(D[2].Message == "the library's callers hold no lock; 'worker' holds "
                        "no lock");
  // Suppressions and fingerprints keep the model's name.
  CHECK(sarifOf({F})["runs"][0]["results"][0]["partialFingerprints"] ==
        sarifOf(
            {possibleRace()})["runs"][0]["results"][0]["partialFingerprints"]);
}

TEST_CASE("diagnostics: unexamined locations are one summary", "[report]") {
  std::vector<Finding> Fs;
  for (unsigned I = 0; I < 6; ++I) {
    Finding F = possibleRace();
    F.Variable = "v" + std::to_string(I);
    F.First.Loc = loc("t.c", 10 + I, 3, "f");
    F.Reason = "module time budget exhausted";
    F.Unexamined = true;
    Fs.push_back(F);
  }
  Fs.push_back(possibleRace()); // Examined: a warning of its own.
  Fs[2].Suppressed = true;      // Suppressed: neither.
  std::vector<Diagnostic> D = formatDiagnostics(Fs, false);
  REQUIRE(D.size() == 5);
  CHECK(D[0].Sev == Diagnostic::Severity::Warning);
  CHECK(D[0].Message.find("'heap@t.c:12 .count'") != std::string::npos);
  CHECK(D.back().Sev == Diagnostic::Severity::Warning);
  CHECK_FALSE(D.back().Loc.known());
  CHECK(D.back().Message ==
        "racesift: 5 possible data race(s) not examined within the time "
        "budget: 'v0' (t.c:10), 'v1' (t.c:11), 'v3' (t.c:13), 'v4' "
        "(t.c:14), ...; the SARIF log lists them all; raise the budget with "
        "the timeout option");
  CHECK(formatDiagnostics(Fs, true).back().Sev == Diagnostic::Severity::Error);
}

TEST_CASE("diagnostics: no debug info names the function", "[report]") {
  Finding F = confirmedRace();
  for (SourceLoc *L : {&F.First.Loc, &F.Second.Loc, &F.LockOps[0].Loc}) {
    L->File.clear();
    L->Line = L->Col = 0;
  }
  for (FlowStep &S : F.Interleaving)
    S.Loc.Line = 0;
  std::vector<Diagnostic> D = formatDiagnostics({F}, false);
  CHECK(D[0].Message ==
        "data race on 'x': write in thread 'worker' in function 'worker' "
        "conflicts with read in thread 'main' in function 'main'");
  CHECK(D[0].Loc.Function == "worker");
  CHECK(D[1].Message == "conflicting read in thread 'main' in function 'main'");
  CHECK(D[3].Message == "lock 'm' acquired by 'worker' in function 'worker'");
  CHECK(D[4].Message.find("worker#1: write x (in worker)") !=
        std::string::npos);
}

TEST_CASE("diagnostics: werror, order, suppressed, long witness", "[report]") {
  Finding Late = confirmedRace(100), Early = confirmedRace();
  Finding Hidden = confirmedRace(50);
  Hidden.Suppressed = true;
  std::vector<Diagnostic> D =
      formatDiagnostics({Late, Hidden, possibleRace(), Early}, true);
  std::vector<unsigned> Lines;
  for (const Diagnostic &X : D)
    if (X.Sev != Diagnostic::Severity::Note) {
      CHECK(X.Sev == Diagnostic::Severity::Error);
      Lines.push_back(X.Loc.Line);
    }
  // t.c before util.h, line 8 before line 108; the suppressed one is gone.
  CHECK(Lines == std::vector<unsigned>{8, 108, 4});
  CHECK(formatDiagnostics({Late, Early}, false)[0].Loc.Line == 8);

  Finding Long = confirmedRace();
  for (int I = 0; I < 10; ++I)
    Long.Interleaving.insert(Long.Interleaving.begin() + 1,
                             {1, "worker#1", "step", loc("t.c", 1, 1, "w")});
  std::string Text = formatDiagnostics({Long}, false).back().Message;
  CHECK(Text == "interleaving: main: create worker#1 (t.c:20) -> ... 6 more "
                "steps ... -> worker#1: step (t.c:1) -> worker#1: step "
                "(t.c:1) -> worker#1: step (t.c:1) -> worker#1: step (t.c:1) "
                "-> worker#1: lock m (t.c:7) -> worker#1: write x (t.c:8) -> "
                "main: read x (t.c:21) (the SARIF codeFlow has all 14 steps)");
}

TEST_CASE("suppressions: parse, match, problems", "[report]") {
  auto S = Suppressions::parse("# comment\n\n"
                               "race:^count*\n"
                               "  fun:helper_*  \n"
                               "src:*/vendor/*\n"
                               "src:util.h\n",
                               "racesift.supp");
  CHECK(S.problems().empty());
  CHECK(!S.empty());

  Finding A = confirmedRace();
  A.Variable = "counter";
  Finding B = confirmedRace();
  B.Second.Loc.Function = "helper_inc";
  Finding C = confirmedRace();
  C.First.Loc.File = "/src/proj/vendor/lib.c";
  Finding D = possibleRace();  // util.h: matched by base name.
  Finding E = confirmedRace(); // Not matched.
  Finding F = confirmedRace();
  F.Suppressed = F.SuppressedInSource = true;
  F.SuppressedBy = "attribute";
  Finding G = confirmedRace(); // Relative file under Dir.
  G.Second.Loc.File = "vendor/x.c";
  std::vector<Finding> Fs = {A, B, C, D, E, F, G};
  S.apply(Fs);
  CHECK(Fs[0].SuppressedBy == "racesift.supp:3 race:^count*");
  CHECK(Fs[1].SuppressedBy == "racesift.supp:4 fun:helper_*");
  CHECK(Fs[2].SuppressedBy == "racesift.supp:5 src:*/vendor/*");
  CHECK(Fs[3].SuppressedBy == "racesift.supp:6 src:util.h");
  CHECK(!Fs[4].Suppressed);
  CHECK(Fs[5].SuppressedBy == "attribute");
  CHECK(Fs[5].SuppressedInSource);
  CHECK(Fs[6].Suppressed);
  for (int I : {0, 1, 2, 3, 6}) {
    CHECK(Fs[I].Suppressed);
    CHECK(!Fs[I].SuppressedInSource);
  }

  // Every rule matched a finding (G's file is also under vendor/).
  CHECK(S.unmatched().empty());

  // A wrong line is skipped and reported; the others still apply.
  auto Problems = [](const char *Text) {
    return Suppressions::parse(Text, "my.supp").problems();
  };
  CHECK(Problems("race:x\nbogus:y\n") ==
        std::vector<std::string>{
            "my.supp:2: unknown suppression type 'bogus' (expected race, "
            "race_top, var, fun or src): 'bogus:y'; the line is ignored"});
  CHECK(Problems("rcae:x") ==
        std::vector<std::string>{"my.supp:1: unknown suppression type 'rcae' "
                                 "(did you mean 'race'?): 'rcae:x'; the line "
                                 "is ignored"});
  CHECK(Problems("Var:x")[0].find("(did you mean 'var'?)") !=
        std::string::npos);
  CHECK(Problems("no colon") ==
        std::vector<std::string>{"my.supp:1: expected '<type>:<pattern>': 'no "
                                 "colon'; the line is ignored"});
  CHECK(Problems("\n\nfun:") ==
        std::vector<std::string>{
            "my.supp:3: empty pattern: 'fun:'; the line is ignored"});
  CHECK(Problems("var:[")[0].find("my.supp:1: invalid pattern") == 0);
  // ThreadSanitizer's templates have no brackets; its other types are
  // skipped quietly.
  CHECK(Problems("race:[").empty());
  CHECK(Problems("deadlock:x\nmutex:m\nsignal:s\nthread:t\n"
                 "called_from_lib:libz.so\n")
            .empty());
  Suppressions Bad = Suppressions::parse("rcae:x\nvar:x\n", "my.supp");
  std::vector<Finding> One = {confirmedRace()};
  Bad.apply(One);
  CHECK(One[0].SuppressedBy == "my.supp:2 var:x");
}

TEST_CASE("suppressions: race: matches as ThreadSanitizer's", "[report]") {
  auto Hits = [](const std::string &Rule, Finding F) {
    Suppressions S = Suppressions::parse(Rule, "t.supp");
    std::vector<Finding> Fs = {F};
    S.apply(Fs);
    return Fs[0].Suppressed;
  };
  Finding F = confirmedRace(); // x; worker and main in /src/proj/t.c.
  // Anywhere in a name, unless anchored.
  CHECK(Hits("race:work", F));
  CHECK(Hits("race:ork", F));
  CHECK(Hits("race:^work", F));
  CHECK_FALSE(Hits("race:^ork", F));
  CHECK(Hits("race:worker$", F));
  CHECK_FALSE(Hits("race:work$", F));
  CHECK(Hits("race:^w*er$", F));
  // As in ThreadSanitizer, a part matches at its first occurrence.
  CHECK_FALSE(Hits("race:^w*r$", F));
  CHECK(Hits("race:proj/t.c", F)); // The file's absolute path.
  CHECK(Hits("race:^x$", F));      // The variable.
  CHECK_FALSE(Hits("race:nothing", F));
  // race_top: the accesses' functions and files, not the variable.
  CHECK(Hits("race_top:main", F));
  CHECK_FALSE(Hits("race_top:^x$", F));
  // var: and fun: stay whole-name globs.
  CHECK_FALSE(Hits("fun:work", F));
  CHECK(Hits("fun:work*", F));
  CHECK(Hits("var:x", F));
  CHECK_FALSE(Hits("var:worker", F));

  // A rule counts as matched on a finding suppressed otherwise too.
  Suppressions S =
      Suppressions::parse("var:x\nrace:main\nvar:nothing\n", "t.supp");
  Finding Annotated = confirmedRace();
  Annotated.Suppressed = Annotated.SuppressedInSource = true;
  Annotated.SuppressedBy = "attribute";
  std::vector<Finding> Fs = {Annotated};
  S.apply(Fs);
  CHECK(Fs[0].SuppressedBy == "attribute");
  CHECK(S.unmatched() ==
        std::vector<std::string>{"t.supp:3: 'var:nothing' matched no finding"});
}

TEST_CASE("suppressions: load from file", "[report]") {
  std::string Dir = tempDir();
  std::string Path = Dir + "/racesift.supp";
  std::ofstream(Path) << "var:x\n";
  auto S = Suppressions::load(Path);
  REQUIRE(static_cast<bool>(S));
  CHECK(S->problems().empty());
  std::vector<Finding> Fs = {confirmedRace()};
  S->apply(Fs);
  CHECK(Fs[0].SuppressedBy == Path + ":1 var:x");

  auto Missing = Suppressions::load(Dir + "/nope.supp");
  REQUIRE(!Missing);
  std::string Msg = llvm::toString(Missing.takeError());
  CHECK(Msg.find("cannot read suppressions file '" + Dir + "/nope.supp'") == 0);
  CHECK(Msg.find("No such file") != std::string::npos);
  llvm::sys::fs::remove_directories(Dir);
}

TEST_CASE("sarif: structure of a confirmed race", "[report][sarif]") {
  RunInfo Run;
  Run.ModuleName = "/src/proj/t.c";
  Run.Notifications = {{Notification::Level::Warning, "budget-exhausted",
                        "state budget exhausted at 'y'"}};
  Run.Success = false;
  json J = sarifOf({confirmedRace()}, Run);
  CHECK(J["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
  CHECK(J["version"] == "2.1.0");
  REQUIRE(J["runs"].size() == 1);
  json &R = J["runs"][0];
  json &Drv = R["tool"]["driver"];
  CHECK(Drv["name"] == "RaceSift");
  CHECK(Drv["version"] == RACESIFT_VERSION);
  CHECK(Drv["rules"][0]["id"] == "data-race");
  CHECK(Drv["rules"][1]["id"] == "possible-data-race");
  CHECK(Drv["rules"][1]["help"]["text"].get<std::string>().size() > 20);
  CHECK(R["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file:///src/proj/");

  REQUIRE(R["results"].size() == 1);
  json &Res = R["results"][0];
  CHECK(Res["ruleId"] == "data-race");
  CHECK(Res["ruleIndex"] == 0);
  // Confirmed races are errors, possible ones warnings, rule and result.
  CHECK(Res["level"] == "error");
  CHECK(Drv["rules"][0]["defaultConfiguration"]["level"] == "error");
  CHECK(Drv["rules"][1]["defaultConfiguration"]["level"] == "warning");
  for (int I : {0, 1}) {
    json &Props = Drv["rules"][I]["properties"];
    CHECK(Props["tags"].size() == 4);
    CHECK(Props["tags"][3] == "external/cwe/cwe-362");
    CHECK(Props["problem.severity"] == (I == 0 ? "error" : "warning"));
    CHECK(Props["precision"] == (I == 0 ? "high" : "medium"));
    CHECK(Props["security-severity"] == (I == 0 ? "7.0" : "5.0"));
  }
  CHECK(R["automationDetails"]["id"] == "racesift/t.c/");
  std::string Msg = Res["message"]["text"];
  CHECK(Msg.find("Data race on 'x': write in thread 'worker' conflicts with "
                 "read in thread 'main'") == 0);
  json &Phys = Res["locations"][0]["physicalLocation"];
  CHECK(Phys["artifactLocation"]["uri"] == "t.c");
  CHECK(Phys["artifactLocation"]["uriBaseId"] == "%SRCROOT%");
  CHECK(Phys["region"]["startLine"] == 8);
  CHECK(Phys["region"]["startColumn"] == 5);
  CHECK(Res["locations"][0]["logicalLocations"][0]["name"] == "worker");
  unsigned Idx = Phys["artifactLocation"]["index"];
  CHECK(R["artifacts"][Idx]["location"]["uri"] == "t.c");
  CHECK(R["artifacts"][Idx]["roles"][0] == "analysisTarget");

  json &Rel = Res["relatedLocations"];
  REQUIRE(Rel.size() == 2);
  CHECK(Rel[0]["id"] == 1);
  CHECK(Rel[0]["physicalLocation"]["region"]["startLine"] == 21);
  CHECK(Rel[0]["message"]["text"] ==
        "Conflicting read in thread 'main'; 'worker' holds {m}; 'main' holds "
        "no lock.");
  CHECK(Rel[1]["id"] == 2);
  CHECK(Rel[1]["message"]["text"] == "Lock 'm' acquired by 'worker'.");

  // The first codeFlow has one threadFlow with every step in order, so
  // viewers that show only a first threadFlow show both accesses.
  REQUIRE(Res["codeFlows"].size() == 2);
  json &All = Res["codeFlows"][0]["threadFlows"];
  REQUIRE(All.size() == 1);
  std::vector<std::string> Steps;
  for (json &L : All[0]["locations"])
    Steps.push_back(L["location"]["message"]["text"].get<std::string>() + " " +
                    L["importance"].get<std::string>());
  CHECK(Steps == std::vector<std::string>{"main: create worker#1 important",
                                          "worker#1: lock m important",
                                          "worker#1: write x essential",
                                          "main: read x essential"});
  json &TFs = Res["codeFlows"][1]["threadFlows"];
  REQUIRE(TFs.size() == 2);
  CHECK(TFs[0]["id"] == "main");
  CHECK(TFs[1]["id"] == "worker#1");
  std::vector<int> MainOrder, WorkerOrder;
  for (json &L : TFs[0]["locations"])
    MainOrder.push_back(L["executionOrder"]);
  for (json &L : TFs[1]["locations"])
    WorkerOrder.push_back(L["executionOrder"]);
  CHECK(MainOrder == std::vector<int>{1, 4});
  CHECK(WorkerOrder == std::vector<int>{2, 3});
  CHECK(TFs[1]["locations"][1]["location"]["message"]["text"] == "write x");
  CHECK(TFs[1]["locations"][1]["location"]["physicalLocation"]["region"]
           ["startLine"] == 8);

  CHECK(!Res.contains("suppressions"));
  json &Inv = R["invocations"][0];
  CHECK(Inv["executionSuccessful"] == false);
  json &N = Inv["toolExecutionNotifications"][0];
  CHECK(N["descriptor"]["id"] == "budget-exhausted");
  CHECK(N["level"] == "warning");
  CHECK(N["message"]["text"] == "State budget exhausted at 'y'.");
}

TEST_CASE("sarif: possible race, suppressions, URIs", "[report][sarif]") {
  Finding Outside = possibleRace();
  Outside.First.Loc.File = "/usr/include/util.h";
  Outside.Second.Loc = SourceLoc();
  Outside.Second.Loc.Function = "bump";
  Outside.Suppressed = true;
  Outside.SuppressedBy = "racesift.supp:3 src:*/usr/*";
  Finding InSource = confirmedRace();
  InSource.Suppressed = InSource.SuppressedInSource = true;
  InSource.SuppressedBy = "attribute annotate(\"racesift::ignore\") on 'x'";
  Finding Odd = confirmedRace();
  Odd.First.Loc.File = "dir with space/a#b.c";

  json J = sarifOf({Outside, InSource, Odd});
  json &Res = J["runs"][0]["results"];
  REQUIRE(Res.size() == 3);
  // Sorted by first location: /usr/... < dir with space/... < t.c.
  json &P = Res[0];
  CHECK(P["ruleId"] == "possible-data-race");
  CHECK(P["ruleIndex"] == 1);
  CHECK(P["level"] == "warning");
  CHECK(!P.contains("codeFlows"));
  CHECK(P["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
        "file:///usr/include/util.h");
  CHECK(!P["locations"][0]["physicalLocation"]["artifactLocation"].contains(
      "uriBaseId"));
  // Unknown position: only the function.
  CHECK(!P["relatedLocations"][0].contains("physicalLocation"));
  CHECK(P["relatedLocations"][0]["logicalLocations"][0]["name"] == "bump");
  CHECK(P["suppressions"][0]["kind"] == "external");
  CHECK(P["suppressions"][0]["justification"] == "racesift.supp:3 src:*/usr/*");
  CHECK(P["properties"]["reason"] == "state budget");

  CHECK(Res[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
        "dir%20with%20space/a%23b.c");
  CHECK(Res[2]["suppressions"][0]["kind"] == "inSource");
  CHECK(Res[2]["suppressions"][0]["justification"] ==
        "attribute annotate(\"racesift::ignore\") on 'x'");
}

TEST_CASE("sarif: fingerprints ignore line numbers", "[report][sarif]") {
  auto FP = [](const Finding &F) {
    return sarifOf({F})["runs"][0]["results"][0]["partialFingerprints"]
                       ["racesiftFingerprint/v1"]
                           .get<std::string>();
  };
  CHECK(FP(confirmedRace()) == FP(confirmedRace(3)));
  Finding Heap = possibleRace(), HeapMoved = possibleRace();
  HeapMoved.Variable = "heap@t.c:15 .count";
  HeapMoved.First.Loc.Line = HeapMoved.Second.Loc.Line = 9;
  CHECK(FP(Heap) == FP(HeapMoved));
  Finding Other = confirmedRace();
  Other.Variable = "y";
  CHECK(FP(Other) != FP(confirmedRace()));
  Finding Possible = confirmedRace();
  Possible.Kind = FindingKind::PossibleRace;
  CHECK(FP(Possible) != FP(confirmedRace()));

  // Two distinct findings with one identity stay distinct.
  json Two = sarifOf({confirmedRace(), confirmedRace(40)});
  CHECK(Two["runs"][0]["results"][0]["partialFingerprints"] !=
        Two["runs"][0]["results"][1]["partialFingerprints"]);
  // Deterministic text.
  CHECK(renderSarif({confirmedRace(), possibleRace()}, {}) ==
        renderSarif({possibleRace(), confirmedRace()}, {}));
}

TEST_CASE("sarif: GitHub's line hash", "[report][sarif]") {
  // The expected values are those of the tests of GitHub's upload action:
  // a log's own hashes must agree with what it would compute.
  using V = std::vector<std::string>;
  CHECK(githubLineHashes("") == V{"c129715d7a2bc9a3:1"});
  CHECK(githubLineHashes(" a\nb\n  \t\tc\n d") ==
        V{"271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1",
          "a23a3dc5e078b07b:1"});
  V Greetings{"e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1",
              "e20e36e16fcb0cc8:1", "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1",
              "c129715d7a2bc9a3:1"};
  CHECK(githubLineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n") ==
        Greetings);
  // Every kind of line end counts as one.
  CHECK(
      githubLineHashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n "
                       "End\r\n") == Greetings);
  CHECK(githubLineHashes(
            " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n") ==
        Greetings);
  // Equal lines are told apart by their occurrence.
  std::string Lorem;
  for (int I = 0; I < 10; ++I)
    Lorem += "Lorem ipsum dolor sit amet.\n";
  CHECK(githubLineHashes(Lorem) ==
        V{"a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3",
          "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6",
          "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1",
          "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"});
}

TEST_CASE("sarif: regions, line hashes and files from the source on disk",
          "[report][sarif]") {
  std::string Dir = tempDir();
  std::string Src = Dir + "/t.c";
  std::string Text = "int x;\nvoid worker(void) {\n  x++;\n  counter += 2;\n"
                     "}\n";
  {
    std::ofstream(Src) << Text;
  }
  Finding F = confirmedRace();
  F.First.Loc = loc("t.c", 3, 3, "worker");
  F.First.Loc.Dir = Dir;
  F.Second.Loc = loc("t.c", 4, 11, "worker");
  F.Second.Loc.Dir = Dir;
  RunInfo Run;
  Run.SourceRoot = Dir;
  Run.ModuleName = Src;
  Run.AnalysedFiles = {Src, Dir + "/other.c"};
  Run.Category = "nightly/asan";
  json J = sarifOf({F}, Run);
  json &Res = J["runs"][0]["results"][0];
  // The region covers the token at the column: 'x', then '+='.
  json &R1 = Res["locations"][0]["physicalLocation"]["region"];
  CHECK(R1 == json{{"startLine", 3},
                   {"endLine", 3},
                   {"startColumn", 3},
                   {"endColumn", 4}});
  json &R2 = Res["relatedLocations"][0]["physicalLocation"]["region"];
  CHECK(R2["startColumn"] == 11);
  CHECK(R2["endColumn"] == 13);
  CHECK(Res["partialFingerprints"]["primaryLocationLineHash"] ==
        githubLineHashes(Text)[2]);
  CHECK(Res["partialFingerprints"].contains("racesiftFingerprint/v1"));
  std::vector<std::string> Targets;
  for (json &A : J["runs"][0]["artifacts"])
    if (A.contains("roles"))
      Targets.push_back(A["location"]["uri"].get<std::string>() + " " +
                        A["roles"].dump());
  CHECK(Targets == std::vector<std::string>{"other.c [\"analysisTarget\"]",
                                            "t.c [\"analysisTarget\"]"});
  CHECK(J["runs"][0]["automationDetails"]["id"] == "nightly/asan/");

  // Without the source: no end column and no line hash (GitHub's upload
  // computes it then).
  llvm::sys::fs::remove(Src);
  json Gone = sarifOf({F}, Run)["runs"][0]["results"][0];
  CHECK(!Gone["locations"][0]["physicalLocation"]["region"].contains(
      "endColumn"));
  CHECK(!Gone["partialFingerprints"].contains("primaryLocationLineHash"));
  llvm::sys::fs::remove_directories(Dir);
}

namespace {
/// confirmedRace with the write in a helper: worker -> step -> bump.
Finding raceInHelper() {
  Finding F = confirmedRace();
  F.First.Loc = loc("util.h", 4, 9, "bump");
  F.First.CallPath = {loc("t.c", 12, 3, "worker"), loc("t.c", 6, 3, "step")};
  F.Interleaving[2].Loc = F.First.Loc;
  F.Interleaving[2].CallDepth = 2;
  return F;
}
} // namespace

TEST_CASE("diagnostics: call paths, innermost first", "[report]") {
  std::vector<Diagnostic> D = formatDiagnostics({raceInHelper()}, false);
  // The read in main has no calls: no notes for it.
  REQUIRE(D.size() == 7);
  CHECK(D[5].Message ==
        "the write in thread 'worker' is in 'bump', called from 'step' here");
  CHECK(D[5].Loc.Line == 6);
  CHECK(D[6].Message == "'step' called from 'worker' here");
  CHECK(D[6].Loc.Line == 12);

  // Without an interleaving the path is only an example.
  Finding P = raceInHelper();
  P.Kind = FindingKind::PossibleRace;
  P.First.CallPathExample = true;
  D = formatDiagnostics({P}, false);
  REQUIRE(D.size() == 6);
  CHECK(D[4].Message == "one way thread 'worker' reaches the write in "
                        "'bump': called from 'step' here");
  CHECK(D[5].Message == "'step' called from 'worker' here");

  // Past four calls, one note counts the rest, at the next call.
  Finding Deep = raceInHelper();
  Deep.Second.Loc.Function = "leaf";
  Deep.Second.CallPath = {loc("t.c", 30, 3, "main")};
  for (unsigned I = 0; I < 5; ++I)
    Deep.Second.CallPath.push_back(
        loc("t.c", 40 + I, 3, ("f" + std::to_string(I)).c_str()));
  D = formatDiagnostics({Deep}, false);
  REQUIRE(D.size() == 12);
  CHECK(D[7].Message ==
        "the read in thread 'main' is in 'leaf', called from 'f4' here");
  CHECK(D[8].Message == "'f4' called from 'f3' here");
  CHECK(D[10].Message == "'f2' called from 'f1' here");
  CHECK(D[11].Message == "... 2 more call(s), from 'main' on; the SARIF log "
                         "has the whole call path");
  CHECK(D[11].Loc.Line == 40);

  // Two instances of one thread, through the same calls: one set of notes.
  Finding Twice = raceInHelper();
  Twice.Second.Thread = "worker";
  Twice.Second.Loc.Function = "bump";
  Twice.Second.CallPath = Twice.First.CallPath;
  D = formatDiagnostics({Twice}, false);
  REQUIRE(D.size() == 7);
  CHECK(D[5].Message == "both accesses in thread 'worker' are in 'bump', "
                        "called from 'step' here");
  CHECK(D[6].Message == "'step' called from 'worker' here");
  Twice.First.CallPathExample = Twice.Second.CallPathExample = true;
  D = formatDiagnostics({Twice}, false);
  REQUIRE(D.size() == 7);
  CHECK(D[5].Message == "one way thread 'worker' reaches both accesses in "
                        "'bump': called from 'step' here");
  // Other calls: a set each.
  Twice.Second.CallPath.pop_back();
  CHECK(formatDiagnostics({Twice}, false).size() == 8);
}

TEST_CASE("sarif: stacks of call paths, nesting levels", "[report][sarif]") {
  json R = sarifOf({raceInHelper()})["runs"][0]["results"][0];
  REQUIRE(R["stacks"].size() == 2);
  const json &W = R["stacks"][0];
  CHECK(W["message"]["text"] ==
        "The calls by which thread 'worker' reached the write.");
  CHECK(!W.contains("properties"));
  std::vector<std::pair<std::string, unsigned>> Frames;
  for (const json &F : W["frames"])
    Frames.push_back(
        {F["location"]["logicalLocations"][0]["name"],
         F["location"]["physicalLocation"]["region"]["startLine"]});
  CHECK(Frames == std::vector<std::pair<std::string, unsigned>>{
                      {"bump", 4}, {"step", 6}, {"worker", 12}});
  // The read in main: the access alone.
  CHECK(R["stacks"][1]["frames"].size() == 1);
  // Both flows, the interleaved one and the per-thread one, indent.
  REQUIRE(R["codeFlows"].size() == 2);
  for (const json &CF : R["codeFlows"]) {
    std::map<unsigned, unsigned> Nesting;
    for (const json &T : CF["threadFlows"])
      for (const json &L : T["locations"])
        Nesting[L["executionOrder"]] = L["nestingLevel"];
    CHECK(Nesting ==
          std::map<unsigned, unsigned>{{1, 0}, {2, 0}, {3, 2}, {4, 0}});
  }

  Finding P = raceInHelper();
  P.Kind = FindingKind::PossibleRace;
  P.First.CallPathExample = true;
  R = sarifOf({P})["runs"][0]["results"][0];
  CHECK(R["stacks"][0]["properties"]["example"] == true);
  CHECK(R["stacks"][0]["message"]["text"] ==
        "One way thread 'worker' may reach the write (a shortest call path; "
        "it may take others).");
  // Call paths are not part of a finding's identity.
  CHECK(R["partialFingerprints"] == sarifOf({[] {
          Finding F = raceInHelper();
          F.Kind = FindingKind::PossibleRace;
          F.First.CallPath.clear();
          return F;
        }()})["runs"][0]["results"][0]["partialFingerprints"]);
  // Findings without calls have no stacks.
  CHECK(
      !sarifOf({confirmedRace()})["runs"][0]["results"][0].contains("stacks"));
}

TEST_CASE("baseline: unchanged, new and absent findings", "[report][sarif]") {
  Finding Gone = confirmedRace();
  Gone.Variable = "gone";
  RunInfo Old;
  Old.Key = "program: t.c";
  Old.SourceRoot = "/src"; // Another root: the URIs are "proj/t.c".
  std::string OldLog = renderSarif({confirmedRace(), Gone}, Old);
  auto B = Baseline::parse(OldLog, "base.sarif");
  REQUIRE(static_cast<bool>(B));

  // Lines moved by 5; y is new; gone is gone.
  Finding Added = confirmedRace(5);
  Added.Variable = "y";
  std::vector<Finding> Fs = {confirmedRace(5), Added};
  std::vector<std::string> Absent = B->apply(Fs, "program: t.c");
  CHECK(Fs[0].Baseline == BaselineState::Unchanged);
  CHECK(Fs[1].Baseline == BaselineState::New);
  REQUIRE(Absent.size() == 1);
  CHECK(Absent[0].find("'gone'") != std::string::npos);

  // A baseline without this run's key: matched against all its runs, and
  // nothing is absent (another unit may have it).
  std::vector<Finding> Other = {confirmedRace(5), Added};
  CHECK(B->apply(Other, "/src/proj/other.c").empty());
  CHECK(Other[0].Baseline == BaselineState::Unchanged);
  CHECK(Other[1].Baseline == BaselineState::New);

  // werror: only the new finding is an error; the old one says why not.
  std::vector<Diagnostic> Ds = formatDiagnostics(Fs, /*Werror=*/true);
  std::map<std::string, Diagnostic::Severity> Sev;
  bool Noted = false;
  for (const Diagnostic &D : Ds) {
    if (D.Sev != Diagnostic::Severity::Note)
      Sev[D.Message.substr(0, 17)] = D.Sev;
    Noted |= D.Message == "already in the baseline" && D.Loc.Line == 13;
  }
  CHECK(Sev["data race on 'x':"] == Diagnostic::Severity::Warning);
  CHECK(Sev["data race on 'y':"] == Diagnostic::Severity::Error);
  CHECK(Noted);

  RunInfo Now;
  Now.Key = "program: t.c";
  Now.AbsentResults = Absent;
  json J = sarifOf(Fs, Now);
  json &Res = J["runs"][0]["results"];
  REQUIRE(Res.size() == 3);
  CHECK(Res[0]["baselineState"] == "unchanged");
  CHECK(Res[1]["baselineState"] == "new");
  json &A = Res[2];
  CHECK(A["baselineState"] == "absent");
  CHECK(A["message"]["text"].get<std::string>().find("'gone'") !=
        std::string::npos);
  CHECK(!A.contains("codeFlows"));
  CHECK(A["ruleIndex"] == 0);
  // The old log's proj/t.c under /src is this run's t.c under /src/proj.
  json &Art = A["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(Art["uri"] == "t.c");
  CHECK(Art["uriBaseId"] == "%SRCROOT%");
  unsigned Idx = Art["index"];
  CHECK(J["runs"][0]["artifacts"][Idx]["location"]["uri"] == "t.c");

  // That log as the next baseline: gone stays gone, not unchanged.
  auto Next = Baseline::parse(renderSarif(Fs, Now), "next.sarif");
  REQUIRE(static_cast<bool>(Next));
  std::vector<Finding> Back = {Gone};
  CHECK(Next->apply(Back, "program: t.c").size() == 2);
  CHECK(Back[0].Baseline == BaselineState::New);

  auto Bad = Baseline::parse("{}", "b.sarif");
  REQUIRE(!Bad);
  CHECK(llvm::toString(Bad.takeError()) == "baseline 'b.sarif' is not a SARIF "
                                           "log");
  auto Missing = Baseline::load("/nonexistent/b.sarif");
  REQUIRE(!Missing);
  CHECK(llvm::toString(Missing.takeError())
            .find("cannot read baseline '/nonexistent/b.sarif'") == 0);
}

TEST_CASE("atomic write and unique paths", "[report][output]") {
  std::string Dir = tempDir();
  std::string Path = Dir + "/out.sarif";
  REQUIRE(!writeFileAtomically(Path, "first"));
  REQUIRE(!writeFileAtomically(Path, "second"));
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  CHECK(SS.str() == "second");
  CHECK(listDir(Dir) == std::vector<std::string>{"out.sarif"});

  // A missing directory.
  llvm::Error E = writeFileAtomically(Dir + "/no/such/x.sarif", "t");
  REQUIRE(static_cast<bool>(E));
  std::string Msg = llvm::toString(std::move(E));
  CHECK(Msg.find("cannot write '" + Dir + "/no/such/x.sarif'") == 0);

  // An unwritable directory. Root may write anywhere but in sysfs.
  std::string RO = Dir + "/ro";
  REQUIRE(!llvm::sys::fs::create_directory(RO));
  llvm::sys::fs::setPermissions(RO, llvm::sys::fs::owner_read |
                                        llvm::sys::fs::owner_exe);
  std::string Unwritable = ::geteuid() == 0 ? "/sys" : RO;
  if (llvm::sys::fs::is_directory(Unwritable)) {
    std::vector<std::string> Before = listDir(Unwritable);
    llvm::Error E2 = writeFileAtomically(Unwritable + "/x.sarif", "t");
    REQUIRE(static_cast<bool>(E2));
    std::string M2 = llvm::toString(std::move(E2));
    CHECK(M2.find("cannot write '" + Unwritable + "/x.sarif'") == 0);
    CHECK(M2.find("Permission denied") != std::string::npos);
    CHECK(listDir(Unwritable) == Before);
  }

  // The target is a directory: the rename fails, the temporary goes away.
  std::string AsDir = Dir + "/taken";
  REQUIRE(!llvm::sys::fs::create_directory(AsDir));
  std::ofstream(AsDir + "/keep") << "k";
  llvm::Error E3 = writeFileAtomically(AsDir, "t");
  REQUIRE(static_cast<bool>(E3));
  CHECK(llvm::toString(std::move(E3)).find("cannot write '" + AsDir + "'") ==
        0);
  CHECK(listDir(Dir) == std::vector<std::string>{"out.sarif", "ro", "taken"});

  // A full disk, simulated with a file size limit (EFBIG instead of
  // ENOSPC): the old file survives, no temporary is left.
  {
    struct rlimit Old;
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &Old) == 0);
    auto OldHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit Small = Old;
    Small.rlim_cur = 4096;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &Small) == 0);
    llvm::Error E4 = writeFileAtomically(Path, std::string(1 << 16, 'x'));
    ::setrlimit(RLIMIT_FSIZE, &Old);
    std::signal(SIGXFSZ, OldHandler);
    REQUIRE(static_cast<bool>(E4));
    std::string M4 = llvm::toString(std::move(E4));
    CHECK(M4.find("cannot write '" + Path + "': File too large") == 0);
    std::ifstream Again(Path);
    std::stringstream SS2;
    SS2 << Again.rdbuf();
    CHECK(SS2.str() == "second");
    CHECK(listDir(Dir) == std::vector<std::string>{"out.sarif", "ro", "taken"});
  }

  std::string SD = Dir + "/sarif-out";
  std::string P1 = sarifPathInDir(SD, "util.c", "/src/a/util.c");
  CHECK(llvm::sys::fs::is_directory(SD));
  CHECK(llvm::sys::path::parent_path(P1) == SD);
  std::string Name = llvm::sys::path::filename(P1).str();
  CHECK(Name.find("util.c-") == 0);
  CHECK(llvm::StringRef(Name).ends_with(".sarif"));
  // Another module with the same base name gets another file; the same
  // module, rebuilt, the same file (it replaces its old log).
  CHECK(sarifPathInDir(SD, "util.c", "/src/b/util.c") != P1);
  CHECK(sarifPathInDir(SD, "util.c", "/src/a/util.c") == P1);

  llvm::sys::fs::setPermissions(RO, llvm::sys::fs::all_all);
  llvm::sys::fs::remove_directories(Dir);
}

// Hidden (run with "[.sample]"): writes sample.sarif, a log with every
// feature of the SARIF writer (suppressions of both kinds, a system header,
// no debug info, call paths), into the directory $RACESIFT_SARIF_SAMPLE_DIR,
// to validate by hand with scripts/validate-sarif.sh. Not committed: the
// lit tests write the logs they read from C sources with the current build.
TEST_CASE("sarif: a sample log with every feature", "[.sample]") {
  const char *Dir = std::getenv("RACESIFT_SARIF_SAMPLE_DIR");
  REQUIRE(Dir);
  std::string D = Dir;
  RunInfo Run;
  Run.ModuleName = "/src/proj/t.c";
  Run.SourceRoot = "/src/proj";
  Run.Notifications = {{Notification::Level::Warning, "budget-exhausted",
                        "state budget exhausted for 'heap@t.c:12 .count'"}};
  Finding Suppressed = confirmedRace(30);
  Suppressed.Variable = "y";
  Suppressed.Suppressed = true;
  Suppressed.SuppressedBy = "racesift.supp:1 race:y";
  Finding InSource = confirmedRace(40);
  InSource.Variable = "z";
  InSource.Suppressed = InSource.SuppressedInSource = true;
  InSource.SuppressedBy = "attribute annotate(\"racesift::ignore\") on 'z'";
  Finding System = possibleRace();
  System.First.Loc.File = "/usr/include/util.h";
  Finding NoDebug = possibleRace();
  NoDebug.Variable = "w";
  NoDebug.First.Loc = NoDebug.Second.Loc = SourceLoc();
  NoDebug.First.Loc.Function = NoDebug.Second.Loc.Function = "bump";
  Finding Helper = raceInHelper();
  Helper.Variable = "v";
  Finding Example = possibleRace();
  Example.First.CallPath = {loc("t.c", 50, 3, "worker")};
  Example.First.CallPathExample = true;
  REQUIRE(!writeFileAtomically(
      D + "/sample.sarif",
      renderSarif({confirmedRace(), possibleRace(), Suppressed, InSource,
                   System, NoDebug, Helper, Example},
                  Run)));
}

namespace {
FlowStep step(unsigned Thread, const char *Action, unsigned Line,
              FlowStepKind Kind = FlowStepKind::Data) {
  FlowStep S;
  S.Thread = Thread;
  S.ThreadName = Thread ? "w#1" : "main";
  S.Action = Action;
  S.Loc.File = "t.c";
  S.Loc.Line = Line;
  S.Kind = Kind;
  return S;
}
std::vector<std::string> actions(const std::vector<FlowStep> &Steps) {
  std::vector<std::string> Out;
  for (const FlowStep &S : Steps)
    Out.push_back(S.Action);
  return Out;
}
} // namespace

TEST_CASE("Repeated steps of an interleaving are folded", "[report]") {
  std::vector<FlowStep> Steps{step(0, "create w#1", 1, FlowStepKind::Thread)};
  for (int I = 0; I < 5; ++I) {
    Steps.push_back(step(0, "assume i < 5", 2));
    Steps.push_back(step(0, "assign i := i + 1", 2));
  }
  Steps.push_back(step(0, "write x", 3, FlowStepKind::Access));
  Steps.push_back(step(1, "write x", 4, FlowStepKind::Access));
  std::vector<FlowStep> F = foldRepeatedSteps(Steps);
  CHECK(actions(F) == std::vector<std::string>{
                          "create w#1", "assume i < 5", "assign i := i + 1",
                          "(3 more times the 2 step(s) above)", "assume i < 5",
                          "assign i := i + 1", "write x", "write x"});
  CHECK(F[3].Kind == FlowStepKind::Data);
  CHECK(F[3].Loc.Line == 2);
}

TEST_CASE("Interleavings without three repetitions stay as they are",
          "[report]") {
  // Two repetitions, a step of another thread between, and the racing
  // accesses themselves (equal steps at the end are never folded).
  std::vector<FlowStep> Steps{step(0, "a", 1),
                              step(0, "a", 1),
                              step(1, "a", 1),
                              step(0, "a", 1),
                              step(0, "write x", 2, FlowStepKind::Access),
                              step(0, "write x", 2, FlowStepKind::Access)};
  CHECK(actions(foldRepeatedSteps(Steps)) == actions(Steps));
  CHECK(foldRepeatedSteps({}).empty());
}

static std::string runLog(const std::string &Key, const std::string &Msg) {
  RunInfo Run;
  Run.ModuleName = "m.c";
  Run.Key = Key;
  Run.Notifications.push_back({Notification::Level::Note, "n", Msg});
  return renderSarif({}, Run);
}

TEST_CASE("several writers share one sarif= log, one run per key", "[report]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("racesift-merge", Dir));
  std::string Path = (Dir + "/all.sarif").str();
  auto Runs = [&] {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    REQUIRE(Buf);
    nlohmann::json J = nlohmann::json::parse((*Buf)->getBuffer().str());
    std::vector<std::string> Out;
    for (const auto &R : J["runs"])
      Out.push_back(R["properties"]["racesift/runKey"].get<std::string>() +
                    "=" +
                    R["invocations"][0]["toolExecutionNotifications"][0]
                     ["message"]["text"]
                         .get<std::string>());
    return Out;
  };
  REQUIRE(!mergeSarifLog(Path, runLog("a", "first")));
  REQUIRE(!mergeSarifLog(Path, runLog("b", "second")));
  CHECK(Runs() == std::vector<std::string>{"a=First.", "b=Second."});
  // A rebuilt module replaces its own run and leaves the others.
  REQUIRE(!mergeSarifLog(Path, runLog("a", "again")));
  CHECK(Runs() == std::vector<std::string>{"b=Second.", "a=Again."});

  // Another tool's run stays; a run of a RaceSift before shared logs (no
  // key) is stale and goes.
  REQUIRE(!writeFileAtomically(Path, R"({"version": "2.1.0", "runs": [
        {"tool": {"driver": {"name": "OtherTool"}}, "results": []},
        {"tool": {"driver": {"name": "RaceSift"}}, "results": []}]})"));
  REQUIRE(!mergeSarifLog(Path, runLog("a", "first")));
  {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    REQUIRE(Buf);
    nlohmann::json J = nlohmann::json::parse((*Buf)->getBuffer().str());
    REQUIRE(J["runs"].size() == 2);
    CHECK(J["runs"][0]["tool"]["driver"]["name"] == "OtherTool");
    CHECK(J["runs"][1]["properties"]["racesift/runKey"] == "a");
  }

  // Whatever is not a SARIF log is not overwritten.
  std::string Other = (Dir + "/notes.txt").str();
  REQUIRE(!writeFileAtomically(Other, "my notes"));
  llvm::Error E = mergeSarifLog(Other, runLog("a", "x"));
  REQUIRE(static_cast<bool>(E));
  CHECK(llvm::toString(std::move(E)).find("is not a SARIF log") !=
        std::string::npos);
  llvm::sys::fs::remove_directories(Dir);
}
