//===- SarifLog.h - What the SARIF writer and reader share ------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The SARIF writer (Sarif.cpp) and the baseline reader (Baseline.cpp) agree
// on the run's key and on where a log keeps file references.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_REPORT_SARIFLOG_H
#define RACESIFT_LIB_REPORT_SARIFLOG_H

#include <nlohmann/json.hpp>

namespace racesift {
namespace report {

/// The run property naming the module or program a run analysed: a later
/// run with the same key replaces it in a shared log, and a baseline's run
/// with it is the one that knows what is gone.
inline constexpr const char *RunKeyProperty = "racesift/runKey";

/// Calls F on every artifactLocation below J (results, code flows, related
/// locations, stacks), wherever it stands.
template <typename Fn> void forEachArtifactLocation(nlohmann::json &J, Fn F) {
  if (J.is_array()) {
    for (nlohmann::json &V : J)
      forEachArtifactLocation(V, F);
    return;
  }
  if (!J.is_object())
    return;
  for (auto &[K, V] : J.items()) {
    if (K == "artifactLocation")
      F(V);
    else
      forEachArtifactLocation(V, F);
  }
}

} // namespace report
} // namespace racesift

#endif // RACESIFT_LIB_REPORT_SARIFLOG_H
