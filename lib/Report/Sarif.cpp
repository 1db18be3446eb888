//===- Sarif.cpp - Findings as a SARIF 2.1.0 log --------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReportText.h"
#include "SarifLog.h"
#include "SourceLines.h"

#include "racesift/Report/Report.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>

#ifndef RACESIFT_VERSION
#error "RACESIFT_VERSION must be defined by the build"
#endif

// One-element arrays are spelled json::array({X}): a plain {X} is a copy of
// X with clang but an array with GCC.
using json = nlohmann::json;
using namespace llvm;

namespace racesift {

using namespace report;

namespace {

constexpr const char *SrcRoot = "%SRCROOT%";

/// Percent-encodes everything but unreserved characters and '/', so a path
/// is a valid URI path (and a relative one never reads as a scheme).
std::string encodePath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += C;
    } else {
      Out += '%';
      Out += hexdigit(C >> 4, /*LowerCase=*/false);
      Out += hexdigit(C & 15, /*LowerCase=*/false);
    }
  }
  return Out;
}

std::string normalised(StringRef Path) {
  SmallString<256> P(Path);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The absolute path of a location's file, or "" without a directory for
/// a relative one.
std::string absolutePath(const std::string &File, const std::string &Dir) {
  std::string P = sourcePath(File, Dir);
  return sys::path::is_absolute(P) ? P : "";
}

/// Builds artifact locations and the artifacts list in one place so every
/// reference carries the right index.
class Artifacts {
public:
  SourceLines Texts;

  explicit Artifacts(const std::string &Root)
      : Root(Root.empty() ? "" : normalised(Root)) {}

  /// The artifactLocation of a file, or null when there is no file.
  json location(const std::string &File, const std::string &Dir) {
    if (File.empty())
      return nullptr;
    auto [Uri, Base] = uriOf(File, Dir);
    Index.try_emplace({Uri, Base}, 0); // Numbered in finish().
    json L = {{"uri", Uri}};
    if (!Base.empty())
      L["uriBaseId"] = Base;
    return L;
  }

  /// Takes in an artifactLocation of another log's result (a baseline's,
  /// its URI absolute): under %SRCROOT% if it lies below this run's root.
  void adopt(json &Loc) {
    if (!Loc.is_object() || !Loc.contains("uri") || !Loc["uri"].is_string())
      return;
    Loc.erase("index");
    json Bases = uriBaseIds();
    std::string Uri = Loc["uri"];
    if (!Loc.contains("uriBaseId") && !Bases.is_null()) {
      std::string RootUri = Bases[SrcRoot]["uri"];
      if (StringRef(Uri).starts_with(RootUri) && Uri.size() > RootUri.size()) {
        Uri = Uri.substr(RootUri.size());
        Loc["uri"] = Uri;
        Loc["uriBaseId"] = SrcRoot;
      }
    }
    Index.try_emplace({Uri, Loc.value("uriBaseId", "")}, 0);
  }

  void addRole(const json &Loc, const std::string &Role) {
    if (Loc.is_null())
      return;
    std::vector<std::string> &Rs = Roles[key(Loc)];
    if (!is_contained(Rs, Role))
      Rs.push_back(Role);
  }

  /// Sorts the artifacts, then writes index into every artifactLocation.
  json finish(json &Run) {
    unsigned I = 0;
    for (auto &[K, Idx] : Index)
      Idx = I++;
    json List = json::array();
    for (auto &[K, Idx] : Index) {
      json L = {{"uri", K.first}};
      if (!K.second.empty())
        L["uriBaseId"] = K.second;
      json A = {{"location", L}};
      auto R = Roles.find(K);
      if (R != Roles.end())
        A["roles"] = R->second;
      List.push_back(A);
    }
    setIndices(Run);
    return List;
  }

  json uriBaseIds() const {
    if (Root.empty())
      return nullptr;
    std::string U = "file://" + encodePath(Root);
    if (U.back() != '/')
      U += '/';
    return {{SrcRoot, {{"uri", U}}}};
  }

private:
  using Key = std::pair<std::string, std::string>;

  static Key key(const json &Loc) {
    return {Loc.at("uri").get<std::string>(), Loc.value("uriBaseId", "")};
  }

  std::pair<std::string, std::string> uriOf(const std::string &File,
                                            const std::string &Dir) const {
    std::string P = absolutePath(File, Dir);
    // No compilation directory: the best we have is the path as written.
    if (P.empty())
      return {encodePath(normalised(File)), ""};
    StringRef Rel(P);
    if (!Root.empty() && Rel.consume_front(Root) &&
        (Root.back() == '/' || Rel.consume_front("/")) && !Rel.empty())
      return {encodePath(Rel), SrcRoot};
    return {"file://" + encodePath(P), ""};
  }

  void setIndices(json &J) {
    forEachArtifactLocation(J, [&](json &Loc) {
      if (Loc.is_object() && Loc.contains("uri"))
        Loc["index"] = Index.at(key(Loc));
    });
  }

  std::string Root;
  std::map<Key, unsigned> Index;
  std::map<Key, std::vector<std::string>> Roles;
};

/// The column after the token at Col (1-based) of Line: an identifier, a
/// run of operator characters, or one character. 0 where columns are not
/// bytes (non-ASCII text) or Col is past the line.
unsigned tokenEnd(StringRef Line, unsigned Col) {
  if (!Col || Col > Line.size() || !isASCII(Line))
    return 0;
  auto IsIdent = [](char C) { return isAlnum(C) || C == '_'; };
  auto IsOp = [](char C) { return StringRef("+-*/%=<>!&|^~").contains(C); };
  size_t I = Col - 1;
  if (IsIdent(Line[I]))
    while (I < Line.size() && IsIdent(Line[I]))
      ++I;
  else if (IsOp(Line[I]))
    while (I < Line.size() && IsOp(Line[I]))
      ++I;
  else
    ++I;
  return I + 1;
}

/// A region on one line: the token at the column, as far as the source on
/// disk tells, so viewers underline the access rather than a point.
json region(Artifacts &A, const SourceLoc &L) {
  json Region = {{"startLine", L.Line}, {"endLine", L.Line}};
  if (L.Col) {
    Region["startColumn"] = L.Col;
    StringRef Text = A.Texts.line(absolutePath(L.File, L.Dir), L.Line);
    if (unsigned End = tokenEnd(Text, L.Col))
      Region["endColumn"] = End;
  }
  return Region;
}

/// A SARIF location: physical when the file is known (region only with a
/// line), logical (the function) whenever the function is known.
json location(Artifacts &A, const SourceLoc &L) {
  json Loc = json::object();
  json Art = A.location(L.File, L.Dir);
  if (!Art.is_null()) {
    json Phys = {{"artifactLocation", Art}};
    if (L.known())
      Phys["region"] = region(A, L);
    Loc["physicalLocation"] = Phys;
  }
  if (!L.Function.empty())
    Loc["logicalLocations"] =
        json::array({{{"name", L.Function}, {"kind", "function"}}});
  return Loc;
}

json message(std::string Text) {
  // SARIF viewers print messages as sentences (rule SARIF2001).
  if (Text.empty())
    return {{"text", ""}};
  if (Text.back() != '.')
    Text += '.';
  Text[0] = toUpper(Text[0]);
  return {{"text", Text}};
}

/// What code scanning shows and sorts by: confirmed races are errors of
/// high precision, possible ones warnings of medium precision. Races are
/// CWE-362, so they carry a security-severity too (7.0 high, 5.0 medium).
json ruleProperties(bool Confirmed) {
  return {{"tags",
           {"concurrency", "correctness", "security", "external/cwe/cwe-362"}},
          {"precision", Confirmed ? "high" : "medium"},
          {"problem.severity", Confirmed ? "error" : "warning"},
          {"security-severity", Confirmed ? "7.0" : "5.0"}};
}

const char *resultLevel(const Finding &F) {
  return F.Kind == FindingKind::Race ? "error" : "warning";
}

json rule(const char *Id, const char *Name, const char *Short, const char *Full,
          const char *Help, bool Confirmed) {
  return {
      {"id", Id},
      {"name", Name},
      {"shortDescription", {{"text", Short}}},
      {"fullDescription", {{"text", Full}}},
      {"help", {{"text", Help}}},
      {"defaultConfiguration", {{"level", Confirmed ? "error" : "warning"}}},
      {"properties", ruleProperties(Confirmed)}};
}

json rules() {
  return json::array(
      {rule(RuleIds[0], "DataRace",
            "Two threads access the same memory without synchronisation.",
            "Two threads access the same memory location, at least one of "
            "them writes, and no lock or happens-before order separates the "
            "accesses. RaceSift found an interleaving of the threads that "
            "reaches both accesses back to back; the code flow replays it.",
            "Protect every access to the location with the same lock, make "
            "the accesses atomic, or order them (pthread_join, a condition "
            "variable). If the race is intended, suppress it in source with "
            "__attribute__((annotate(\"racesift::ignore\"))) or with a "
            "'race:<variable>' line in a suppressions file.",
            /*Confirmed=*/true),
       rule(RuleIds[1], "PossibleDataRace",
            "Two threads may access the same memory without "
            "synchronisation.",
            "No common lock protects two accesses from different threads to "
            "the same memory location, at least one a write, but RaceSift "
            "did not decide whether an interleaving reaches them (the result "
            "message says why: analysis budget, unsupported construct, or "
            "the lockset layer alone).",
            "Check whether the two accesses can run concurrently. If they "
            "can, protect them with one lock or make them atomic. A larger "
            "budget (options max-states, timeout) may decide the finding. "
            "Suppress an intended race with "
            "__attribute__((annotate(\"racesift::ignore\"))) or a "
            "suppressions file.",
            /*Confirmed=*/false)});
}

std::string hexSHA256(StringRef Data) {
  SHA256 H;
  H.update(Data);
  std::array<uint8_t, 32> D = H.final();
  return toHex(ArrayRef<uint8_t>(D.data(), 16), /*LowerCase=*/true);
}

json codeFlow(Artifacts &A, const Finding &F) {
  // One threadFlow per thread instance, in the order of the instance number
  // (0 is the root thread); executionOrder keeps the global order.
  std::map<unsigned, json> Flows;
  const size_t N = F.Interleaving.size();
  for (size_t I = 0; I < N; ++I) {
    const FlowStep &S = F.Interleaving[I];
    json &TF = Flows[S.Thread];
    if (TF.is_null())
      TF = {{"id", S.ThreadName}, {"locations", json::array()}};
    json Loc = location(A, S.Loc);
    Loc["message"] = {{"text", S.Action}};
    // The witness ends at the two racing accesses; steps on loop counters
    // and flags stay in the flow, and viewers may fold them.
    const char *Importance = I + 2 >= N                     ? "essential"
                             : S.Kind == FlowStepKind::Data ? "unimportant"
                                                            : "important";
    // Viewers indent a step by the calls its thread is in.
    TF["locations"].push_back({{"executionOrder", I + 1},
                               {"location", Loc},
                               {"importance", Importance},
                               {"nestingLevel", S.CallDepth}});
  }
  json TFs = json::array();
  for (auto &[T, TF] : Flows)
    TFs.push_back(TF);
  std::string Text = "interleaving of " + std::to_string(N) +
                     " steps that reaches the race on '" + F.Variable + "'";
  if (!F.InterleavingCondition.empty())
    Text += "; the program takes it " + F.InterleavingCondition;
  return {{"message", message(Text)}, {"threadFlows", TFs}};
}

/// The interleaving as one threadFlow, every step in execution order and
/// named by its thread: viewers that show only a codeFlow's first
/// threadFlow (VS Code's SARIF viewer, GitHub's paths) then show both
/// racing accesses.
json interleavedCodeFlow(Artifacts &A, const Finding &F) {
  json Steps = json::array();
  const size_t N = F.Interleaving.size();
  for (size_t I = 0; I < N; ++I) {
    const FlowStep &S = F.Interleaving[I];
    json Loc = location(A, S.Loc);
    Loc["message"] = {{"text", S.ThreadName + ": " + S.Action}};
    const char *Importance = I + 2 >= N                     ? "essential"
                             : S.Kind == FlowStepKind::Data ? "unimportant"
                                                            : "important";
    Steps.push_back({{"executionOrder", I + 1},
                     {"location", Loc},
                     {"importance", Importance},
                     {"nestingLevel", S.CallDepth}});
  }
  std::string Text = "interleaving of " + std::to_string(N) +
                     " steps of all threads that reaches the race on '" +
                     F.Variable + "'";
  if (!F.InterleavingCondition.empty())
    Text += "; the program takes it " + F.InterleavingCondition;
  return {{"message", message(Text)},
          {"threadFlows",
           json::array({{{"id", "interleaving"}, {"locations", Steps}}})}};
}

/// Our own fingerprint, free of line numbers, and GitHub's line hash of the
/// primary location when its source can be read (else GitHub's upload
/// action computes it, the same way).
json partialFingerprints(Artifacts &A, const Finding &F,
                         const std::string &Own) {
  json P = {{FingerprintKey, Own}};
  const SourceLoc &L = F.First.Loc;
  if (L.known()) {
    std::string Hash = A.Texts.lineHash(absolutePath(L.File, L.Dir), L.Line);
    if (!Hash.empty())
      P["primaryLocationLineHash"] = Hash;
  }
  return P;
}

/// The run's automationDetails: its id is "<category>/", the form GitHub's
/// upload action gives a category, so several logs of one commit (modules,
/// configurations) are analyses of their own.
json automationDetails(const RunInfo &Run) {
  std::string Id = Run.Category;
  if (Id.empty())
    Id = "racesift/" + sys::path::filename(Run.ModuleName).str();
  if (Id.back() != '/')
    Id += '/';
  return {{"id", Id}};
}

/// A SARIF stack (3.44) of how A's thread reached it: frame 0 is the
/// access, each further frame a call outwards, the last in the start
/// routine.
json callStack(Artifacts &Arts, const FindingAccess &A) {
  json Frames = json::array({{{"location", location(Arts, A.Loc)}}});
  for (auto It = A.CallPath.rbegin(); It != A.CallPath.rend(); ++It)
    Frames.push_back({{"location", location(Arts, *It)}});
  std::string Text = A.CallPathExample
                         ? "one way " + threadText(A) + " may reach the " +
                               accessKind(A) +
                               " (a shortest call path; it may take others)"
                         : "the calls by which " + threadText(A) +
                               " reached the " + accessKind(A);
  json S = {{"message", message(Text)}, {"frames", Frames}};
  if (A.CallPathExample)
    S["properties"] = {{"example", true}};
  return S;
}

std::string sarifMessage(const Finding &F) {
  // Name both accesses with their positions: the message must stand alone in
  // viewers that show only text.
  std::string S = headline(F);
  std::string Where1 = shortLoc(F.First.Loc), Where2 = shortLoc(F.Second.Loc);
  if (F.First.Loc.known() || F.Second.Loc.known())
    S += "; the " + accessKind(F.First) + " is at " +
         (Where1.empty() ? "an unknown position" : Where1) + ", the " +
         accessKind(F.Second) + " at " +
         (Where2.empty() ? "an unknown position" : Where2);
  return S;
}

} // namespace

std::string runKeyOf(const RunInfo &Run) {
  if (!Run.Key.empty())
    return Run.Key;
  SmallString<256> Module(Run.ModuleName);
  (void)sys::fs::make_absolute(Module);
  return std::string(Module);
}

std::vector<std::string> sarifFingerprints(const std::vector<Finding> &Fs) {
  // Equal identities within one run get an occurrence number, so two
  // distinct races never merge; the sort keeps the numbering stable.
  std::vector<std::string> Out(Fs.size());
  std::map<std::string, unsigned> Seen;
  for (const Finding *F : sortedFindings(Fs)) {
    std::string Base = hexSHA256(fingerprintBase(*F));
    Out[F - Fs.data()] = Base + ":" + std::to_string(++Seen[Base]);
  }
  return Out;
}

/// A baseline's result that no finding matched, ready for this run's log.
static json absentResult(Artifacts &Arts, const std::string &Text) {
  json R = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (!R.is_object())
    return nullptr;
  R["baselineState"] = "absent";
  // The interleaving of a race that is gone helps nobody, and would count
  // against the log's cap on steps.
  R.erase("codeFlows");
  if (int Index = ruleIndexOf(R.value("ruleId", "")); Index >= 0)
    R["ruleIndex"] = Index;
  else
    R.erase("ruleIndex");
  forEachArtifactLocation(R, [&](json &Loc) { Arts.adopt(Loc); });
  return R;
}

std::string renderSarif(const std::vector<Finding> &Fs, const RunInfo &Run) {
  Artifacts Arts(Run.SourceRoot);
  json Results = json::array();
  std::vector<std::string> Fingerprints = sarifFingerprints(Fs);
  const size_t MaxLogFlowSteps = Run.MaxLogFlowSteps;
  size_t FlowSteps = 0;
  for (const Finding *F : sortedFindings(Fs)) {
    const bool IsRace = F->Kind == FindingKind::Race;
    json R = {{"ruleId", ruleIdOf(*F)},
              {"ruleIndex", ruleIndexOf(ruleIdOf(*F))},
              {"level", resultLevel(*F)},
              {"message", message(sarifMessage(*F))},
              {"locations", json::array({location(Arts, F->First.Loc)})}};

    json Related = json::array();
    unsigned Id = 1;
    json Other = location(Arts, F->Second.Loc);
    Other["id"] = Id++;
    Other["message"] =
        message("conflicting " + accessText(F->Second) + "; " + locksText(*F));
    Related.push_back(Other);
    for (const LockOperation &Op : F->LockOps) {
      json L = location(Arts, Op.Loc);
      L["id"] = Id++;
      L["message"] = message("lock '" + Op.Lock + "' " + Op.Operation);
      Related.push_back(L);
    }
    for (const FindingAccess *A : {&F->First, &F->Second})
      if (A->InLibrary.known()) {
        json L = location(Arts, A->InLibrary);
        L["id"] = Id++;
        L["message"] = message(inLibraryText(*A));
        Related.push_back(L);
      }
    R["relatedLocations"] = Related;
    if (!F->First.CallPath.empty() || !F->Second.CallPath.empty())
      R["stacks"] =
          json::array({callStack(Arts, F->First), callStack(Arts, F->Second)});

    // A log's interleavings are capped (issue 21: a 359 MB log): past the
    // cap a race keeps its locations and notes, and says its flow is left
    // out.
    bool FlowOmitted = false;
    if (IsRace && !F->Interleaving.empty()) {
      // Two codeFlows carry each step: all threads in one, then one
      // threadFlow per thread.
      if (FlowSteps + 2 * F->Interleaving.size() <= MaxLogFlowSteps) {
        FlowSteps += 2 * F->Interleaving.size();
        R["codeFlows"] =
            json::array({interleavedCodeFlow(Arts, *F), codeFlow(Arts, *F)});
      } else {
        FlowOmitted = true;
      }
    }

    R["partialFingerprints"] =
        partialFingerprints(Arts, *F, Fingerprints[F - Fs.data()]);
    if (F->Baseline != BaselineState::None)
      R["baselineState"] =
          F->Baseline == BaselineState::New ? "new" : "unchanged";

    json Props = json::object();
    if (!F->Notes.empty())
      Props["notes"] = F->Notes;
    if (FlowOmitted)
      Props["codeFlowOmitted"] =
          "the log's interleavings reached " + std::to_string(MaxLogFlowSteps) +
          " steps; the compiler's note on this race has its "
          "synchronisation steps";
    if (!IsRace)
      Props["reason"] = F->Reason;
    Props["heapObject"] = F->HeapObject;
    R["properties"] = Props;

    if (F->Suppressed) {
      json S = {{"kind", F->SuppressedInSource ? "inSource" : "external"},
                {"status", "accepted"},
                {"justification", F->SuppressedBy}};
      R["suppressions"] = json::array({S});
    }
    Results.push_back(R);
  }
  for (const std::string &Text : Run.AbsentResults) {
    json R = absentResult(Arts, Text);
    if (!R.is_null())
      Results.push_back(std::move(R));
  }

  json Notes = json::array();
  for (const Notification &N : Run.Notifications) {
    const char *Level = N.Lvl == Notification::Level::Error     ? "error"
                        : N.Lvl == Notification::Level::Warning ? "warning"
                                                                : "note";
    Notes.push_back({{"descriptor", {{"id", N.Id}}},
                     {"level", Level},
                     {"message", message(N.Message)}});
  }
  json Invocation = {{"executionSuccessful", Run.Success}};
  if (!Notes.empty())
    Invocation["toolExecutionNotifications"] = Notes;

  json Driver = {{"name", "RaceSift"},
                 {"version", RACESIFT_VERSION},
                 {"semanticVersion", RACESIFT_VERSION},
                 {"informationUri", "https://github.com/racesift/racesift"},
                 {"rules", rules()}};
  json RunJ = {{"tool", {{"driver", Driver}}},
               {"invocations", json::array({Invocation})},
               {"results", Results},
               {"columnKind", "unicodeCodePoints"}};
  SmallString<256> Module(Run.ModuleName);
  (void)sys::fs::make_absolute(Module);
  if (!Run.ModuleName.empty())
    Arts.addRole(Arts.location(std::string(Module), ""), "analysisTarget");
  for (const std::string &File : Run.AnalysedFiles)
    Arts.addRole(Arts.location(File, ""), "analysisTarget");
  RunJ["automationDetails"] = automationDetails(Run);
  json Bases = Arts.uriBaseIds();
  if (!Bases.is_null())
    RunJ["originalUriBaseIds"] = Bases;
  // A later run with the same key replaces this one in a shared log.
  RunJ["properties"] = {{RunKeyProperty, runKeyOf(Run)}};
  json List = Arts.finish(RunJ);
  if (!List.empty())
    RunJ["artifacts"] = List;

  json Log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({RunJ})}};
  return Log.dump(2) + "\n";
}

static std::string keyOf(const json &Run) {
  auto P = Run.find("properties");
  if (P == Run.end() || !P->is_object())
    return "";
  auto K = P->find(RunKeyProperty);
  return K != P->end() && K->is_string() ? K->get<std::string>() : "";
}

Error mergeSarifLog(const std::string &Path, const std::string &Log) {
  auto Fail = [&](std::error_code EC, const Twine &Why) {
    return report::cannotWrite(Path, EC, Why);
  };
  // A lock file next to the log: the log itself is replaced by a rename,
  // which a lock on it would not survive.
  SmallString<256> LockPath(Path);
  sys::path::remove_filename(LockPath);
  sys::path::append(LockPath, "." + sys::path::filename(Path) + ".lock");
  int LockFD = -1;
  if (std::error_code EC = sys::fs::openFileForWrite(
          LockPath, LockFD, sys::fs::CD_OpenAlways, sys::fs::OF_None))
    return Fail(EC, "cannot create the lock file '" + LockPath +
                        "': " + EC.message());
  auto Close = make_scope_exit([&] {
    (void)sys::fs::unlockFile(LockFD);
    (void)sys::Process::SafelyCloseFileDescriptor(LockFD);
  });
  if (std::error_code EC = sys::fs::lockFile(LockFD))
    return Fail(EC, "cannot lock '" + LockPath + "': " + EC.message());

  if (!sys::fs::exists(Path))
    return writeFileAtomically(Path, Log);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Old = MemoryBuffer::getFile(Path);
  if (!Old)
    return Fail(Old.getError(),
                "cannot read the log there: " + Old.getError().message());
  json OldLog = json::parse((*Old)->getBuffer().begin(),
                            (*Old)->getBuffer().end(), nullptr,
                            /*allow_exceptions=*/false);
  if (OldLog.is_discarded() || !OldLog.is_object() ||
      !OldLog.contains("runs") || !OldLog["runs"].is_array())
    return Fail(std::make_error_code(std::errc::invalid_argument),
                "the file there is not a SARIF log; remove it or choose "
                "another path");
  json New = json::parse(Log);
  std::set<std::string> Replaced;
  for (const json &R : New["runs"])
    Replaced.insert(keyOf(R));
  // Other tools' runs stay; a RaceSift run without a key is from a
  // RaceSift before shared logs, which wrote the whole file: stale.
  auto Stale = [&](const json &R) {
    std::string Key = keyOf(R);
    if (!Key.empty())
      return Replaced.count(Key) != 0;
    const json *Name = &R;
    for (const char *Step : {"tool", "driver", "name"}) {
      if (!Name->is_object() || !Name->contains(Step))
        return false;
      Name = &(*Name)[Step];
    }
    return *Name == "RaceSift";
  };
  json Runs = json::array();
  for (json &R : OldLog["runs"])
    if (!Stale(R))
      Runs.push_back(std::move(R));
  for (json &R : New["runs"])
    Runs.push_back(std::move(R));
  New["runs"] = std::move(Runs);
  return writeFileAtomically(Path, New.dump(2) + "\n");
}

} // namespace racesift
