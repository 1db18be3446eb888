//===- Baseline.cpp - Findings against an earlier SARIF log ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An existing code base adopts RaceSift by accepting the races it has
// today: a baseline log says which, and only new findings fail the build.
//
//===----------------------------------------------------------------------===//

#include "ReportText.h"
#include "SarifLog.h"

#include "racesift/Report/Report.h"

#include "llvm/Support/MemoryBuffer.h"

#include <set>

using json = nlohmann::json;
using namespace llvm;

namespace racesift {

using namespace report;

Expected<Baseline> Baseline::load(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read baseline '%s': %s",
                             Path.c_str(), Buf.getError().message().c_str());
  return parse((*Buf)->getBuffer(), Path);
}

/// The string at Path below J, or "".
static std::string stringAt(const json &J,
                            std::initializer_list<const char *> Path) {
  const json *At = &J;
  for (const char *Step : Path) {
    if (!At->is_object() || !At->contains(Step))
      return "";
    At = &(*At)[Step];
  }
  return At->is_string() ? At->get<std::string>() : "";
}

/// Makes every artifactLocation below J stand alone: its URI from the
/// run's artifacts if it had only an index, and absolute if the run said
/// where its base id points. The new log has other indices and may have
/// another source root.
static void resolveLocations(json &J, const json &Artifacts,
                             const std::map<std::string, std::string> &Bases) {
  forEachArtifactLocation(J, [&](json &V) {
    if (!V.is_object())
      return;
    if (!V.contains("uri") && V.contains("index") &&
        V["index"].is_number_unsigned() && Artifacts.is_array() &&
        V["index"].get<size_t>() < Artifacts.size()) {
      const json &A = Artifacts[V["index"].get<size_t>()];
      if (std::string Uri = stringAt(A, {"location", "uri"}); !Uri.empty())
        V["uri"] = Uri;
      if (std::string Base = stringAt(A, {"location", "uriBaseId"});
          !Base.empty())
        V["uriBaseId"] = Base;
    }
    V.erase("index");
    if (!V.contains("uriBaseId") || !V["uriBaseId"].is_string() ||
        !V.contains("uri") || !V["uri"].is_string())
      return;
    auto It = Bases.find(V["uriBaseId"].get<std::string>());
    if (It == Bases.end())
      return;
    std::string Root = It->second;
    if (!Root.empty() && Root.back() != '/')
      Root += '/';
    V["uri"] = Root + V["uri"].get<std::string>();
    V.erase("uriBaseId");
  });
}

Expected<Baseline> Baseline::parse(StringRef Text, StringRef Name) {
  json Log = json::parse(Text.begin(), Text.end(), nullptr,
                         /*allow_exceptions=*/false);
  if (Log.is_discarded() || !Log.is_object() || !Log.contains("runs") ||
      !Log["runs"].is_array())
    return createStringError(inconvertibleErrorCode(),
                             "baseline '%s' is not a SARIF log",
                             Name.str().c_str());
  Baseline B;
  for (json &Run : Log["runs"]) {
    // A log shared with other tools: their results are not ours to match.
    if (stringAt(Run, {"tool", "driver", "name"}) != "RaceSift")
      continue;
    std::map<std::string, std::string> Bases;
    if (Run.contains("originalUriBaseIds") &&
        Run["originalUriBaseIds"].is_object())
      for (auto &[Id, Loc] : Run["originalUriBaseIds"].items())
        if (std::string Uri = stringAt(Loc, {"uri"}); !Uri.empty())
          Bases[Id] = Uri;
    json NoArtifacts = json::array();
    const json &Artifacts =
        Run.contains("artifacts") ? Run["artifacts"] : NoArtifacts;
    std::vector<Result> Results;
    if (Run.contains("results") && Run["results"].is_array())
      for (json &R : Run["results"]) {
        // A finding gone already by the baseline's own baseline.
        if (stringAt(R, {"baselineState"}) == "absent")
          continue;
        std::string FP = stringAt(R, {"partialFingerprints", FingerprintKey});
        if (FP.empty())
          continue;
        resolveLocations(R, Artifacts, Bases);
        R.erase("baselineState");
        Results.push_back({FP, R.dump()});
      }
    B.Runs.emplace_back(stringAt(Run, {"properties", RunKeyProperty}),
                        std::move(Results));
  }
  return B;
}

std::vector<std::string> Baseline::apply(std::vector<Finding> &Fs,
                                         const std::string &RunKey) const {
  std::vector<const Result *> Pool;
  bool Exact = false;
  for (const auto &[Key, Rs] : Runs)
    if (!RunKey.empty() && Key == RunKey) {
      Exact = true;
      for (const Result &R : Rs)
        Pool.push_back(&R);
    }
  if (!Exact)
    for (const auto &[Key, Rs] : Runs)
      for (const Result &R : Rs)
        Pool.push_back(&R);

  std::set<std::string> Known;
  for (const Result *R : Pool)
    Known.insert(R->Fingerprint);
  std::vector<std::string> FPs = sarifFingerprints(Fs);
  for (size_t I = 0; I < Fs.size(); ++I)
    Fs[I].Baseline =
        Known.count(FPs[I]) ? BaselineState::Unchanged : BaselineState::New;

  // Only a baseline of this very module or program knows what is gone from
  // it; in a merged log the rest may be another unit's.
  std::vector<std::string> Absent;
  if (!Exact)
    return Absent;
  std::set<std::string> Now(FPs.begin(), FPs.end());
  for (const Result *R : Pool)
    if (Now.insert(R->Fingerprint).second)
      Absent.push_back(R->Json);
  return Absent;
}

} // namespace racesift
