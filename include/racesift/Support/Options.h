//===- Options.h - One set of option names on every route -------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_SUPPORT_OPTIONS_H
#define RACESIFT_SUPPORT_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racesift {

enum class Layers : uint8_t { Lockset, Full };

struct Options {
  std::string Sarif;         ///< sarif=<file>
  std::string SarifDir;      ///< sarif-dir=<dir>
  std::string Suppressions;  ///< suppressions=<file>
  std::string Baseline;      ///< baseline=<file>, a SARIF log
  std::string SourceRoot;    ///< source-root=<dir>, for SARIF's %SRCROOT%
  std::string SarifCategory; ///< sarif-category=<name>
  unsigned ThreadBound = 2;  ///< thread-bound=<k>
  Layers Layer = Layers::Full;
  uint64_t MaxStates = 200000; ///< max-states=<n>, per candidate location
  /// timeout=<seconds>, per module. Unless given, the pass sets it by
  /// where it runs: CompileTimeout in a compile, WholeProgramTimeout at an
  /// LTO link or under opt.
  double Timeout = WholeProgramTimeout;
  bool TimeoutGiven = false;
  /// The timeout is a safety net for the user's build (issue 22): what
  /// decides how far the model checker goes is max-module-states, so the
  /// findings do not depend on the machine's speed or load.
  static constexpr double CompileTimeout = 10;
  static constexpr double WholeProgramTimeout = 120;
  /// max-module-states=<n>: model-checker states for all candidate
  /// locations of a module (0: no limit). Unless given, by where the pass
  /// runs. A state costs 3-20 us on the benchmark machine (librdkafka's are
  /// the dearest): at most about 4 s of a compile and 60 s of a link, under
  /// the safety nets (docs/benchmarks.md).
  uint64_t MaxModuleStates = WholeProgramModuleStates;
  bool MaxModuleStatesGiven = false;
  static constexpr uint64_t CompileModuleStates = 200000;
  static constexpr uint64_t WholeProgramModuleStates = 3000000;
  /// points-to-steps=<n>: steps of the points-to solver for one module
  /// (AndersenSolver::NumSteps; 0: no limit); past it the module is not
  /// analysed. Unless given, by where the pass runs. The benchmarks need
  /// at most 3.5 M in a compile (sqlite3.c) and 15.3 M at a link
  /// (librdkafka); a step cost 0.2-0.35 us on the benchmark machine under
  /// load, also on sqlite3.c without max-points-to (20 M steps 3.5 s, 100
  /// M 26 s), so a pathological module stops within about 7 s of a
  /// compile and 50 s of a link (docs/benchmarks.md).
  uint64_t PointsToSteps = WholeProgramPointsToSteps;
  bool PointsToStepsGiven = false;
  static constexpr uint64_t CompilePointsToSteps = 20000000;
  static constexpr uint64_t WholeProgramPointsToSteps = 150000000;
  /// lockset-steps=<n>: steps of the lockset layer (fixpoint visits, 8
  /// steps each, then pairs of access groups and lockset classes) for one
  /// module (0: no limit); objects not paired within it are not reported.
  /// Unless given, by where the pass runs. The benchmarks need at most
  /// 3.6 M in a compile (librdkafka's rdkafka_broker.c) and 1.1 M at a
  /// link; a step cost at most 0.25 us (sqlite3.c without max-points-to:
  /// 41 M steps, 10 s), so at most about 5 s of a compile and 25 s of a
  /// link.
  uint64_t LocksetSteps = WholeProgramLocksetSteps;
  bool LocksetStepsGiven = false;
  static constexpr uint64_t CompileLocksetSteps = 20000000;
  static constexpr uint64_t WholeProgramLocksetSteps = 100000000;
  uint64_t MaxMemoryMB = 2048; ///< max-memory=<MiB>, model checker ceiling
  /// max-points-to=<n>: pointers that may point to more locations are
  /// unresolved (0: no limit). The thread model's own default, which the
  /// pass checks is this one.
  static constexpr unsigned DefaultMaxPointsTo = 128;
  uint64_t MaxPointsTo = DefaultMaxPointsTo;
  bool Werror = false; ///< werror
  bool Stats = false;  ///< stats
  /// debug-only=<layer>,...: the layers that trace (Debug.h).
  std::string DebugOnly;
  bool SpuriousWakeups = false;    ///< spurious-wakeups
  bool AnyThreadMayUnlock = false; ///< any-thread-unlock
  bool POR = true;                 ///< por=0|1
  bool Validate = true;            ///< validate=0|1 (witness validation)
  /// validate-steps=<n>: instructions all replays of one module may run.
  uint64_t ValidateSteps = 20000000;
  /// summary=0|1: embed the unit's summary in its output for a
  /// whole-program analysis. Unless given, on exactly in full-LTO compiles.
  bool Summary = false;
  bool SummaryGiven = false;
};

/// Describes every option, for help texts and error messages.
struct OptionInfo {
  const char *Name;
  const char *Value; ///< "" for flags.
  const char *Help;
};
const std::vector<OptionInfo> &optionTable();

/// Sets option Name to Value ("" for a bare flag). Channel names where it
/// came from ("RACESIFT_OPTIONS", "-fplugin-arg-racesift-", ...) for errors.
llvm::Error setOption(Options &O, llvm::StringRef Name, llvm::StringRef Value,
                      llvm::StringRef Channel);

/// Parses "name=value name=value flag" (RACESIFT_OPTIONS syntax).
llvm::Error parseOptionString(Options &O, llvm::StringRef Text,
                              llvm::StringRef Channel);

} // namespace racesift

#endif // RACESIFT_SUPPORT_OPTIONS_H
