//===- Options.cpp - Parsing RaceSift's options ---------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One table of option names (Options.def) serves all three channels (opt
// flags, clang plugin arguments, RACESIFT_OPTIONS), so a name means the same
// everywhere and every error names the option, the bad value and where it
// came from. Each row names its parser here.
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

static Error parsePositive(uint64_t &Out, StringRef Name, StringRef Value,
                           StringRef Channel) {
  return parseUnsigned(Out, Name, Value, Channel, 1);
}

static Error parseNonNegative(uint64_t &Out, StringRef Name, StringRef Value,
                              StringRef Channel) {
  return parseUnsigned(Out, Name, Value, Channel, 0);
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

static Error parseSourceRoot(std::string &Out, StringRef Name, StringRef Value,
                             StringRef Channel) {
  // A typo here would silently make every URI absolute.
  if (Value.empty() || !sys::fs::is_directory(Value))
    return badValue(Name, Value, Channel, "an existing directory");
  SmallString<256> Abs(Value);
  (void)sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  Out = std::string(Abs);
  return Error::success();
}

static Error parseSarifCategory(std::string &Out, StringRef Name,
                                StringRef Value, StringRef Channel) {
  // GitHub matches categories as given: whitespace would only mislead.
  if (Value.empty() || Value.find_first_of(" \t\n") != StringRef::npos)
    return badValue(Name, Value, Channel, "a name without blanks");
  Out = Value.str();
  return Error::success();
}

static Error parseThreadBound(unsigned &Out, StringRef Name, StringRef Value,
                              StringRef Channel) {
  uint64_t V;
  if (Error E = parseUnsigned(V, Name, Value, Channel, 1))
    return E;
  // Each instance costs a slot in every state: beyond 16 the explorer
  // cannot finish anyway, so refuse rather than hang the build.
  if (V > 16)
    return badValue(Name, Value, Channel, "an integer from 1 to 16");
  Out = V;
  return Error::success();
}

static Error parseLayers(Layers &Out, StringRef Name, StringRef Value,
                         StringRef Channel) {
  if (Value == "lockset")
    Out = Layers::Lockset;
  else if (Value == "full")
    Out = Layers::Full;
  else
    return badValue(Name, Value, Channel, "'lockset' or 'full'");
  return Error::success();
}

static Error parseMaxPointsTo(uint64_t &Out, StringRef Name, StringRef Value,
                              StringRef Channel) {
  uint64_t V;
  if (Error E = parseUnsigned(V, Name, Value, Channel, 0))
    return E;
  if (V > UINT32_MAX)
    return badValue(Name, Value, Channel, "an integer from 0 to 4294967295");
  Out = V;
  return Error::success();
}

static Error parseSeconds(double &Out, StringRef Name, StringRef Value,
                          StringRef Channel) {
  double V;
  if (Value.getAsDouble(V) || !(V > 0) || V > 86400)
    return badValue(Name, Value, Channel, "a number of seconds greater than 0");
  Out = V;
  return Error::success();
}

static Error parseDebugOnly(std::string &Out, StringRef Name, StringRef Value,
                            StringRef Channel) {
  if (!isDebugOnlyList(Value))
    return badValue(Name, Value, Channel,
                    "a comma-separated list of " + join(debugTypes(), ", "));
  Out = Value.str();
  return Error::success();
}

static Error parsePtaTrace(std::string &Out, StringRef Name, StringRef Value,
                           StringRef Channel) {
  // Object names hold ':' and '@' (heap@t.c:12): "<-" separates them.
  auto [Pointee, Where] = Value.split("<-");
  if (Where.empty() || Pointee.empty() || Pointee == Value)
    return badValue(
        Name, Value, Channel,
        "<pointee><-<object>[+<offset>], objects named as "
        "print<racesift-pta> names them (\"heap@t.c:12<-table+40\")");
  Out = Value.str();
  return Error::success();
}

const std::vector<OptionInfo> &optionTable() {
  static const std::vector<OptionInfo> Table = {
#define RACESIFT_OPTION(Name, Field, Type, Default, Parser, Value, Channels,   \
                        Help)                                                  \
  {Name, Value, Help, Channels},
#include "racesift/Support/Options.def"
  };
  return Table;
}

/// Whether an option that Channels accept may come through Via.
static Error checkChannel(StringRef Name, unsigned Channels, unsigned Via,
                          StringRef Channel) {
  if (Channels & Via)
    return Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      formatv("racesift: option '{0}' cannot be given through {1}", Name,
              Channel)
          .str());
}

Error setOption(Options &O, StringRef Name, StringRef Value, StringRef Channel,
                unsigned Via) {
#define RACESIFT_OPTION(N, Field, Type, Default, Parser, Val, Channels, Help)  \
  if (Name == N) {                                                             \
    if (Error E = checkChannel(Name, Channels, Via, Channel))                  \
      return E;                                                                \
    return Parser(O.Field, Name, Value, Channel);                              \
  }
#define RACESIFT_OPTION_GIVEN(N, Field, Type, Default, Given, Parser, Val,     \
                              Channels, Help)                                  \
  if (Name == N) {                                                             \
    if (Error E = checkChannel(Name, Channels, Via, Channel))                  \
      return E;                                                                \
    if (Error E = Parser(O.Field, Name, Value, Channel))                       \
      return E;                                                                \
    O.Given = true;                                                            \
    return Error::success();                                                   \
  }
#include "racesift/Support/Options.def"

  std::string Known;
  for (const OptionInfo &I : optionTable())
    Known += (Known.empty() ? "" : ", ") + std::string(I.Name);
  return createStringError(
      inconvertibleErrorCode(),
      formatv("racesift: unknown option '{0}' (from {1}); known options: {2}",
              Name, Channel, Known)
          .str());
}

Error parseOptionString(Options &O, StringRef Text, StringRef Channel,
                        unsigned Via) {
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
    if (Error E = setOption(O, Name, Value, Channel, Via))
      return E;
  }
}

} // namespace racesift
