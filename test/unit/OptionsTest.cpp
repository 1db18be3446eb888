//===- OptionsTest.cpp - One option table, three channels -----------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/Support/Options.h"
#include "racesift/Support/Debug.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <catch2/catch.hpp>

#include <functional>
#include <map>

using namespace racesift;

static std::string errorOf(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : std::string();
}

TEST_CASE("defaults match the documentation", "[options]") {
  Options O;
  CHECK(O.ThreadBound == 2);
  CHECK(O.Layer == Layers::Full);
  CHECK_FALSE(O.Werror);
  CHECK(O.Sarif.empty());
}

namespace {
/// A valid value for each kind of placeholder in the table.
std::string sampleValue(llvm::StringRef Value) {
  if (Value.empty())
    return "";
  if (Value == "lockset|full")
    return "lockset";
  if (Value == "0|1")
    return "0";
  if (Value == "<file>" || Value == "<dir>")
    return "out/x";
  if (Value == "<src-dir>")
    return "."; // It must exist.
  if (Value == "<layer>,...")
    return "racesift-mc,racesift-pta";
  if (Value == "<pointee><-<object>[+<offset>]")
    return "heap@t.c:12<-table+40";
  return "3";
}
} // namespace

TEST_CASE("every option of the table is accepted", "[options]") {
  for (const OptionInfo &I : optionTable()) {
    Options O;
    std::string Value = sampleValue(I.Value);
    INFO("option " << I.Name << "=" << Value);
    CHECK(errorOf(setOption(O, I.Name, Value, "test")).empty());
  }
}

TEST_CASE("each option changes what it names, and nothing else", "[options]") {
  // What each option names, as text; a new option fails until it is here.
  using Field = std::function<std::string(const Options &)>;
  auto Num = [](auto V) { return std::to_string(V); };
  const std::map<std::string, Field> Fields = {
      {"sarif", [](const Options &O) { return O.Sarif; }},
      {"sarif-dir", [](const Options &O) { return O.SarifDir; }},
      {"suppressions", [](const Options &O) { return O.Suppressions; }},
      {"baseline", [](const Options &O) { return O.Baseline; }},
      {"source-root", [](const Options &O) { return O.SourceRoot; }},
      {"sarif-category", [](const Options &O) { return O.SarifCategory; }},
      {"thread-bound", [&](const Options &O) { return Num(O.ThreadBound); }},
      {"layers", [&](const Options &O) { return Num(int(O.Layer)); }},
      {"max-states", [&](const Options &O) { return Num(O.MaxStates); }},
      {"max-module-states",
       [&](const Options &O) {
         return Num(O.MaxModuleStates) + Num(O.MaxModuleStatesGiven);
       }},
      {"points-to-steps",
       [&](const Options &O) {
         return Num(O.PointsToSteps) + Num(O.PointsToStepsGiven);
       }},
      {"lockset-steps",
       [&](const Options &O) {
         return Num(O.LocksetSteps) + Num(O.LocksetStepsGiven);
       }},
      {"validate-steps",
       [&](const Options &O) { return Num(O.ValidateSteps); }},
      {"max-memory", [&](const Options &O) { return Num(O.MaxMemoryMB); }},
      {"max-points-to", [&](const Options &O) { return Num(O.MaxPointsTo); }},
      {"timeout",
       [&](const Options &O) { return Num(O.Timeout) + Num(O.TimeoutGiven); }},
      {"werror", [&](const Options &O) { return Num(O.Werror); }},
      {"stats", [&](const Options &O) { return Num(O.Stats); }},
      {"verify", [&](const Options &O) { return Num(O.Verify); }},
      {"debug-only", [](const Options &O) { return O.DebugOnly; }},
      {"spurious-wakeups",
       [&](const Options &O) { return Num(O.SpuriousWakeups); }},
      {"any-thread-unlock",
       [&](const Options &O) { return Num(O.AnyThreadMayUnlock); }},
      {"por", [&](const Options &O) { return Num(O.POR); }},
      {"validate", [&](const Options &O) { return Num(O.Validate); }},
      {"summary",
       [&](const Options &O) { return Num(O.Summary) + Num(O.SummaryGiven); }},
      {"pta-trace", [](const Options &O) { return O.PtaTrace; }},
  };
  const Options Default;
  for (const OptionInfo &I : optionTable()) {
    INFO("option " << I.Name);
    REQUIRE(Fields.count(I.Name));
    Options O;
    REQUIRE(
        errorOf(setOption(O, I.Name, sampleValue(I.Value), "test")).empty());
    for (const auto &[Name, Get] : Fields) {
      INFO("field of " << Name);
      if (Name == I.Name)
        CHECK(Get(O) != Get(Default));
      else
        CHECK(Get(O) == Get(Default));
    }
  }
  CHECK(Fields.size() == optionTable().size());
}

TEST_CASE("an option comes only through the channels its row names",
          "[options]") {
  for (const OptionInfo &I : optionTable()) {
    INFO("option " << I.Name);
    CHECK((I.Channels & ~unsigned(AllChannels)) == 0);
    for (unsigned Via : {unsigned(PassFlagChannel), unsigned(PluginArgChannel),
                         unsigned(EnvironmentChannel)}) {
      Options O;
      std::string E =
          errorOf(setOption(O, I.Name, sampleValue(I.Value), "via", Via));
      if (I.Channels & Via)
        CHECK(E.empty());
      else
        CHECK(E == "racesift: option '" + std::string(I.Name) +
                       "' cannot be given through via");
    }
    Options O;
    CHECK(errorOf(setOption(O, I.Name, sampleValue(I.Value), "nowhere", 0)) ==
          "racesift: option '" + std::string(I.Name) +
              "' cannot be given through nowhere");
  }
}

TEST_CASE("debug-only names layers and enables only them", "[options]") {
  Options O;
  CHECK(errorOf(setOption(O, "debug-only", "racesift-pta, racesift-mc", "test"))
            .empty());
  CHECK(O.DebugOnly == "racesift-pta, racesift-mc");
  CHECK(errorOf(setOption(O, "debug-only", "racesift-mc,pta", "test"))
            .find("invalid value 'racesift-mc,pta' for option "
                  "'debug-only'") != std::string::npos);
  REQUIRE(setDebugOnly(O.DebugOnly));
  CHECK(debugEnabled("racesift-pta"));
  CHECK(debugEnabled("racesift-mc"));
  CHECK_FALSE(debugEnabled("racesift-lockset"));
  CHECK_FALSE(setDebugOnly("racesift-nothing"));
  CHECK(debugEnabled("racesift-mc")); // Unchanged by a bad list.
  REQUIRE(setDebugOnly(""));
  CHECK_FALSE(debugEnabled("racesift-mc"));
}

TEST_CASE("source-root and sarif-category", "[options]") {
  Options O;
  CHECK(errorOf(setOption(O, "source-root", ".", "test")).empty());
  llvm::SmallString<128> Cwd;
  REQUIRE(!llvm::sys::fs::current_path(Cwd));
  CHECK(O.SourceRoot == std::string(Cwd));
  CHECK(errorOf(setOption(O, "source-root", "no/such/dir", "test")) ==
        "racesift: invalid value 'no/such/dir' for option 'source-root' "
        "(from test): expected an existing directory");
  CHECK(errorOf(setOption(O, "sarif-category", "ci/asan", "test")).empty());
  CHECK(O.SarifCategory == "ci/asan");
  CHECK(errorOf(setOption(O, "sarif-category", "a b", "test")) ==
        "racesift: invalid value 'a b' for option 'sarif-category' (from "
        "test): expected a name without blanks");
}

TEST_CASE("values are parsed", "[options]") {
  Options O;
  REQUIRE(
      errorOf(
          parseOptionString(
              O,
              "thread-bound=3 layers=lockset werror sarif=\"my dir/a.sarif\" "
              "timeout=1.5 max-states=10 por=0",
              "RACESIFT_OPTIONS"))
          .empty());
  CHECK(O.ThreadBound == 3);
  CHECK(O.Layer == Layers::Lockset);
  CHECK(O.Werror);
  CHECK(O.Sarif == "my dir/a.sarif");
  CHECK(O.Timeout == 1.5);
  CHECK(O.MaxStates == 10);
  CHECK_FALSE(O.POR);
}

TEST_CASE("the work budgets are parsed and remembered as given", "[options]") {
  Options O;
  CHECK_FALSE(O.PointsToStepsGiven);
  CHECK_FALSE(O.LocksetStepsGiven);
  CHECK(O.PointsToSteps == Options::WholeProgramPointsToSteps);
  CHECK(O.LocksetSteps == Options::WholeProgramLocksetSteps);
  REQUIRE(errorOf(parseOptionString(O, "points-to-steps=12 lockset-steps=0",
                                    "RACESIFT_OPTIONS"))
              .empty());
  CHECK(O.PointsToSteps == 12);
  CHECK(O.PointsToStepsGiven);
  // 0: no limit.
  CHECK(O.LocksetSteps == 0);
  CHECK(O.LocksetStepsGiven);
  std::string E = errorOf(setOption(O, "lockset-steps", "-3", "x"));
  CHECK(E.find("invalid value '-3' for option 'lockset-steps'") !=
        std::string::npos);
  CHECK(!errorOf(setOption(O, "points-to-steps", "many", "x")).empty());
  CHECK(O.PointsToSteps == 12);
  // As the README and the option table say: a compile gets less than a
  // whole program.
  CHECK(Options::CompilePointsToSteps == 20000000);
  CHECK(Options::WholeProgramPointsToSteps == 150000000);
  CHECK(Options::CompileLocksetSteps == 20000000);
  CHECK(Options::WholeProgramLocksetSteps == 100000000);
}

TEST_CASE("later settings override earlier ones", "[options]") {
  Options O;
  REQUIRE(errorOf(parseOptionString(O, "thread-bound=3", "env")).empty());
  REQUIRE(errorOf(setOption(O, "thread-bound", "4", "flag")).empty());
  CHECK(O.ThreadBound == 4);
}

TEST_CASE("unknown names and bad values name the culprit", "[options]") {
  Options O;
  std::string E =
      errorOf(parseOptionString(O, "thread-bnd=3", "RACESIFT_OPTIONS"));
  CHECK(E.find("unknown option 'thread-bnd'") != std::string::npos);
  CHECK(E.find("RACESIFT_OPTIONS") != std::string::npos);
  CHECK(E.find("thread-bound") != std::string::npos); // lists known names

  E = errorOf(setOption(O, "thread-bound", "zero", "-racesift-thread-bound"));
  CHECK(E.find("invalid value 'zero' for option 'thread-bound'") !=
        std::string::npos);
  CHECK(!errorOf(setOption(O, "thread-bound", "0", "x")).empty());
  CHECK(!errorOf(setOption(O, "thread-bound", "99", "x")).empty());
  CHECK(!errorOf(setOption(O, "layers", "both", "x")).empty());
  CHECK(!errorOf(setOption(O, "timeout", "-1", "x")).empty());
  CHECK(!errorOf(setOption(O, "werror", "maybe", "x")).empty());
  CHECK(!errorOf(setOption(O, "sarif", "", "x")).empty());
  CHECK(!errorOf(parseOptionString(O, "sarif=\"open", "x")).empty());
  // A failed setting leaves the earlier value alone.
  CHECK(O.ThreadBound == 2);
}
