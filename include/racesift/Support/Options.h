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

/// The routes an option may come through (Options.def's Channels).
enum OptionChannel : unsigned {
  PassFlagChannel = 1u << 0,    ///< -racesift-<name> (opt, pass parameters)
  PluginArgChannel = 1u << 1,   ///< -fplugin-arg-racesift-<name>
  EnvironmentChannel = 1u << 2, ///< RACESIFT_OPTIONS
  AllChannels = PassFlagChannel | PluginArgChannel | EnvironmentChannel,
};

/// The value of every option, one field per row of Options.def (which
/// documents each), with the row's default.
struct Options {
#define RACESIFT_OPTION(Name, Field, Type, Default, Parser, Value, Channels,   \
                        Help)                                                  \
  Type Field = Default;
#define RACESIFT_OPTION_GIVEN(Name, Field, Type, Default, Given, Parser,       \
                              Value, Channels, Help)                           \
  Type Field = Default;                                                        \
  bool Given = false;
#include "racesift/Support/Options.def"

  /// The timeout is a safety net for the user's build (issue 22): what
  /// decides how far each layer goes is its work budget, so the findings do
  /// not depend on the machine's speed or load. In a compile it stands
  /// above what the budgets allow on the benchmark machine: the dearest
  /// corpus programs (C++ containers, whose replays cost about 1 us a
  /// validation step) took 9-13 s, and 10 s fired on them by load.
  static constexpr double CompileTimeout = 30;
  static constexpr double WholeProgramTimeout = 120;
  /// max-module-states: a state costs 3-20 us on the benchmark machine
  /// (librdkafka's are the dearest): at most about 4 s of a compile and
  /// 60 s of a link, under the safety nets (docs/benchmarks.md).
  static constexpr uint64_t CompileModuleStates = 200000;
  static constexpr uint64_t WholeProgramModuleStates = 3000000;
  /// points-to-steps: the benchmarks need at most 3.5 M in a compile
  /// (sqlite3.c) and 15.3 M at a link (librdkafka); a step cost 0.2-0.35 us
  /// on the benchmark machine under load, also on sqlite3.c without
  /// max-points-to (20 M steps 3.5 s, 100 M 26 s), so a pathological module
  /// stops within about 7 s of a compile and 50 s of a link
  /// (docs/benchmarks.md).
  static constexpr uint64_t CompilePointsToSteps = 20000000;
  static constexpr uint64_t WholeProgramPointsToSteps = 150000000;
  /// lockset-steps: fixpoint visits, 8 steps each, then pairs of access
  /// groups and lockset classes. The benchmarks need at most 3.6 M in a
  /// compile (librdkafka's rdkafka_broker.c) and 1.1 M at a link; a step
  /// cost at most 0.25 us (sqlite3.c without max-points-to: 41 M steps,
  /// 10 s), so at most about 5 s of a compile and 25 s of a link.
  static constexpr uint64_t CompileLocksetSteps = 20000000;
  static constexpr uint64_t WholeProgramLocksetSteps = 100000000;
  /// max-points-to: the thread model's own default, which the pass checks
  /// is this one.
  static constexpr unsigned DefaultMaxPointsTo = 128;
};

/// Describes every option, for help texts and error messages.
struct OptionInfo {
  const char *Name;
  const char *Value; ///< "" for flags.
  const char *Help;
  unsigned Channels; ///< OptionChannel bits: the routes that accept it.
};
/// Options.def's rows, in its order.
const std::vector<OptionInfo> &optionTable();

/// Sets option Name to Value ("" for a bare flag). Channel names where it
/// came from ("RACESIFT_OPTIONS", "-fplugin-arg-racesift-", ...) for errors;
/// Via is that route (OptionChannel bits), which the option must accept.
llvm::Error setOption(Options &O, llvm::StringRef Name, llvm::StringRef Value,
                      llvm::StringRef Channel, unsigned Via = AllChannels);

/// Parses "name=value name=value flag" (RACESIFT_OPTIONS syntax).
llvm::Error parseOptionString(Options &O, llvm::StringRef Text,
                              llvm::StringRef Channel,
                              unsigned Via = EnvironmentChannel);

} // namespace racesift

#endif // RACESIFT_SUPPORT_OPTIONS_H
