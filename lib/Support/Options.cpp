//===- Options.cpp - Parsing RaceSift's options
//-----------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One table of option names serves all three channels (opt flags, clang
// plugin arguments, RACESIFT_OPTIONS), so a name means the same everywhere
// and every error names the option, the bad value and where it came from.
//
//===----------------------------------------------------------------------===//

#include "racesift/Support/Options.h"
#include "racesift/Support/Debug.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace racesift {

const std::vector<OptionInfo> &optionTable() {
  static const std::vector<OptionInfo> Table = {
      {"sarif", "<file>", "write a SARIF 2.1.0 log of the findings to <file>"},
      {"sarif-dir", "<dir>",
       "write one uniquely named SARIF log per module into <dir> (parallel "
       "builds)"},
      {"suppressions", "<file>",
       "suppressions file (race:, race_top:, var:, fun:, src: lines)"},
      {"baseline", "<file>",
       "SARIF log of an earlier run: its findings are marked unchanged, the "
       "others new, and werror fails only on new ones"},
      {"source-root", "<src-dir>",
       "SARIF artifact URIs are relative to <src-dir> (%SRCROOT%); default: "
       "the git work tree of the source, else the current directory"},
      {"sarif-category", "<name>",
       "the SARIF run's automationDetails category, for code scanning "
       "(default racesift/<module base name>)"},
      {"thread-bound", "<k>",
       "instances per creation site explored by the model checker (default "
       "2)"},
      {"layers", "lockset|full",
       "lockset: report every lockset candidate; full: confirm or refute "
       "them by model checking (default full)"},
      {"max-states", "<n>",
       "states explored per candidate location before giving up (default "
       "200000)"},
      {"max-module-states", "<n>",
       "states explored for all candidate locations of a module; the rest "
       "stay possible races (default 200000 in a compile, 3000000 at an LTO "
       "link or under opt; 0: no limit)"},
      {"points-to-steps", "<n>",
       "steps of the points-to solver for one module; past it the module is "
       "not analysed (default 20000000 in a compile, 150000000 at an LTO "
       "link or under opt; 0: no limit)"},
      {"lockset-steps", "<n>",
       "steps of the lockset layer for one module; shared objects not paired "
       "within it are not reported (default 20000000 in a compile, "
       "100000000 at an LTO link or under opt; 0: no limit)"},
      {"timeout", "<seconds>",
       "safety net on the whole analysis of one module: when it fires the "
       "run says so and is incomplete (default 10 in a compile, 120 at an "
       "LTO link or under opt)"},
      {"max-memory", "<MiB>",
       "memory ceiling of the model checker's state store (default 2048)"},
      {"max-points-to", "<n>",
       "pointers that may point to more than <n> memory locations are left "
       "unresolved and the accesses through them unchecked; 0: no limit "
       "(default 128)"},
      {"werror", "", "report races as errors: the compile fails"},
      {"stats", "", "print analysis statistics (states, time per layer)"},
      {"debug-only", "<layer>,...",
       "trace the named layers on stderr: racesift, racesift-threads, "
       "racesift-pta, racesift-lockset, racesift-mhp, racesift-mc, "
       "racesift-validate"},
      {"spurious-wakeups", "",
       "let condition-variable waits return without a signal"},
      {"any-thread-unlock", "",
       "let any thread release a lock it does not own (Linux behaviour)"},
      {"por", "0|1",
       "partial-order reduction in the model checker (default 1)"},
      {"validate", "0|1",
       "replay each race's interleaving against the program before calling "
       "it confirmed (default 1); 0: report the model checker's races "
       "unvalidated"},
      {"validate-steps", "<n>",
       "instructions the replays of one module may interpret in all; races "
       "past it stay possible ones (default 20000000)"},
      {"summary", "0|1",
       "write the translation unit's summary (its code before optimisation) "
       "into its output for the whole-program analysis at the link or by "
       "racesift-compdb.py (default 1 in -flto compiles, 0 otherwise)"},
  };
  return Table;
}

static Error badValue(StringRef Name, StringRef Value, StringRef Channel,
                      StringRef Expected) {
  return createStringError(
      inconvertibleErrorCode(),
      formatv("racesift: invalid value '{0}' for option '{1}' (from {2}): "
              "expected {3}",
              Value, Name, Channel, Expected)
          .str());
}

static Error parseUnsigned(uint64_t &Out, StringRef Name, StringRef Value,
                           StringRef Channel, uint64_t Min) {
  uint64_t V;
  if (Value.getAsInteger(10, V) || V < Min)
    return badValue(Name, Value, Channel,
                    Min ? "a positive integer" : "a non-negative integer");
  Out = V;
  return Error::success();
}

static Error parseFlag(bool &Out, StringRef Name, StringRef Value,
                       StringRef Channel) {
  // A bare name ("werror") switches the flag on.
  if (Value.empty() || Value == "1" || Value.equals_insensitive("true")) {
    Out = true;
    return Error::success();
  }
  if (Value == "0" || Value.equals_insensitive("false")) {
    Out = false;
    return Error::success();
  }
  return badValue(Name, Value, Channel, "0, 1, true or false");
}

static Error parsePath(std::string &Out, StringRef Name, StringRef Value,
                       StringRef Channel) {
  if (Value.empty())
    return badValue(Name, Value, Channel, "a path");
  Out = Value.str();
  return Error::success();
}

Error setOption(Options &O, StringRef Name, StringRef Value,
                StringRef Channel) {
  if (Name == "sarif")
    return parsePath(O.Sarif, Name, Value, Channel);
  if (Name == "sarif-dir")
    return parsePath(O.SarifDir, Name, Value, Channel);
  if (Name == "suppressions")
    return parsePath(O.Suppressions, Name, Value, Channel);
  if (Name == "baseline")
    return parsePath(O.Baseline, Name, Value, Channel);
  if (Name == "source-root") {
    // A typo here would silently make every URI absolute.
    if (Value.empty() || !sys::fs::is_directory(Value))
      return badValue(Name, Value, Channel, "an existing directory");
    SmallString<256> Abs(Value);
    (void)sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    O.SourceRoot = std::string(Abs);
    return Error::success();
  }
  if (Name == "sarif-category") {
    // GitHub matches categories as given: whitespace would only mislead.
    if (Value.empty() || Value.find_first_of(" \t\n") != StringRef::npos)
      return badValue(Name, Value, Channel, "a name without blanks");
    O.SarifCategory = Value.str();
    return Error::success();
  }
  if (Name == "thread-bound") {
    uint64_t V;
    if (Error E = parseUnsigned(V, Name, Value, Channel, 1))
      return E;
    // Each instance costs a slot in every state: beyond 16 the explorer
    // cannot finish anyway, so refuse rather than hang the build.
    if (V > 16)
      return badValue(Name, Value, Channel, "an integer from 1 to 16");
    O.ThreadBound = V;
    return Error::success();
  }
  if (Name == "layers") {
    if (Value == "lockset")
      O.Layer = Layers::Lockset;
    else if (Value == "full")
      O.Layer = Layers::Full;
    else
      return badValue(Name, Value, Channel, "'lockset' or 'full'");
    return Error::success();
  }
  if (Name == "max-states")
    return parseUnsigned(O.MaxStates, Name, Value, Channel, 1);
  if (Name == "max-module-states") {
    O.MaxModuleStatesGiven = true;
    return parseUnsigned(O.MaxModuleStates, Name, Value, Channel, 0);
  }
  if (Name == "points-to-steps") {
    O.PointsToStepsGiven = true;
    return parseUnsigned(O.PointsToSteps, Name, Value, Channel, 0);
  }
  if (Name == "lockset-steps") {
    O.LocksetStepsGiven = true;
    return parseUnsigned(O.LocksetSteps, Name, Value, Channel, 0);
  }
  if (Name == "validate-steps")
    return parseUnsigned(O.ValidateSteps, Name, Value, Channel, 1);
  if (Name == "max-memory")
    return parseUnsigned(O.MaxMemoryMB, Name, Value, Channel, 1);
  if (Name == "max-points-to") {
    uint64_t V;
    if (Error E = parseUnsigned(V, Name, Value, Channel, 0))
      return E;
    if (V > UINT32_MAX)
      return badValue(Name, Value, Channel, "an integer from 0 to 4294967295");
    O.MaxPointsTo = V;
    return Error::success();
  }
  if (Name == "timeout") {
    double V;
    if (Value.getAsDouble(V) || !(V > 0) || V > 86400)
      return badValue(Name, Value, Channel,
                      "a number of seconds greater than 0");
    O.Timeout = V;
    O.TimeoutGiven = true;
    return Error::success();
  }
  if (Name == "werror")
    return parseFlag(O.Werror, Name, Value, Channel);
  if (Name == "stats")
    return parseFlag(O.Stats, Name, Value, Channel);
  if (Name == "debug-only") {
    if (!isDebugOnlyList(Value))
      return badValue(Name, Value, Channel,
                      "a comma-separated list of " + join(debugTypes(), ", "));
    O.DebugOnly = Value.str();
    return Error::success();
  }
  if (Name == "spurious-wakeups")
    return parseFlag(O.SpuriousWakeups, Name, Value, Channel);
  if (Name == "any-thread-unlock")
    return parseFlag(O.AnyThreadMayUnlock, Name, Value, Channel);
  if (Name == "por")
    return parseFlag(O.POR, Name, Value, Channel);
  if (Name == "validate")
    return parseFlag(O.Validate, Name, Value, Channel);
  if (Name == "summary") {
    O.SummaryGiven = true;
    return parseFlag(O.Summary, Name, Value, Channel);
  }

  std::string Known;
  for (const OptionInfo &I : optionTable())
    Known += (Known.empty() ? "" : ", ") + std::string(I.Name);
  return createStringError(
      inconvertibleErrorCode(),
      formatv("racesift: unknown option '{0}' (from {1}); known options: {2}",
              Name, Channel, Known)
          .str());
}

Error parseOptionString(Options &O, StringRef Text, StringRef Channel) {
  // "name=value name=value", separated by whitespace; a value may be
  // double-quoted to hold spaces.
  StringRef Rest = Text;
  while (true) {
    Rest = Rest.ltrim();
    if (Rest.empty())
      return Error::success();
    size_t NameEnd = Rest.find_first_of("= \t\n");
    StringRef Name = Rest.substr(0, NameEnd);
    Rest = Rest.substr(Name.size());
    std::string Value;
    if (Rest.consume_front("=")) {
      if (Rest.consume_front("\"")) {
        size_t Close = Rest.find('"');
        if (Close == StringRef::npos)
          return createStringError(
              inconvertibleErrorCode(),
              formatv("racesift: unterminated quote in the value of option "
                      "'{0}' (from {1})",
                      Name, Channel)
                  .str());
        Value = Rest.substr(0, Close).str();
        Rest = Rest.substr(Close + 1);
      } else {
        size_t End = Rest.find_first_of(" \t\n");
        Value = Rest.substr(0, End).str();
        Rest = Rest.substr(Value.size());
      }
    }
    if (Error E = setOption(O, Name, Value, Channel))
      return E;
  }
}

} // namespace racesift
