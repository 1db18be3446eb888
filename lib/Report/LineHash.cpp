//===- LineHash.cpp - GitHub's primaryLocationLineHash --------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// GitHub code scanning matches alerts across uploads by
// partialFingerprints.primaryLocationLineHash. Its upload action computes the
// value from the source when a log lacks it, and warns when a log's value
// differs from its own; so we compute it the same way: a rolling hash
// (base 37, modulo 2^64) over the 100 characters from the start of each
// line, blanks and tabs skipped and line ends normalised to '\n', then ':'
// and the number of earlier lines with the same hash plus one.
//
//===----------------------------------------------------------------------===//

#include "racesift/Report/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <array>
#include <map>

using namespace llvm;

namespace racesift {

std::vector<std::string> githubLineHashes(StringRef Text) {
  constexpr unsigned Block = 100;
  constexpr uint64_t Mod = 37;
  // The action reads the file as UTF-16 code units, and marks its end with
  // 0xFFFF.
  constexpr uint32_t EndOfFile = 0xFFFF;
  uint64_t FirstMod = 1;
  for (unsigned I = 0; I < Block; ++I)
    FirstMod *= Mod;

  std::array<uint32_t, Block> Window{};
  std::array<int, Block> LineAt;
  LineAt.fill(-1);
  uint64_t Hash = 0;
  unsigned Index = 0;
  int Line = 0;
  bool LineStart = true, PrevCR = false;
  std::map<uint64_t, unsigned> Seen;
  std::vector<std::string> Out;

  auto Emit = [&] {
    std::string H = utohexstr(Hash, /*LowerCase=*/true);
    Out.resize(std::max<size_t>(Out.size(), LineAt[Index]));
    Out[LineAt[Index] - 1] = H + ":" + std::to_string(++Seen[Hash]);
    LineAt[Index] = -1;
  };
  auto Update = [&](uint32_t C) {
    uint32_t Begin = Window[Index];
    Window[Index] = C;
    Hash = Mod * Hash + C - FirstMod * Begin;
    Index = (Index + 1) % Block;
  };
  auto Process = [&](uint32_t C) {
    if (C == ' ' || C == '\t' || (PrevCR && C == '\n')) {
      PrevCR = false;
      return;
    }
    PrevCR = C == '\r';
    if (PrevCR)
      C = '\n';
    if (LineAt[Index] != -1)
      Emit();
    if (LineStart) {
      LineStart = false;
      LineAt[Index] = ++Line;
    }
    if (C == '\n')
      LineStart = true;
    Update(C);
  };

  SmallVector<UTF16, 0> Units;
  if (!convertUTF8ToUTF16String(Text, Units)) {
    // Not UTF-8: Node would decode the bad bytes as U+FFFD; byte by byte
    // is close enough for the lines that are plain ASCII.
    Units.assign(Text.bytes_begin(), Text.bytes_end());
  }
  for (UTF16 C : Units)
    Process(C);
  Process(EndOfFile);
  for (unsigned I = 0; I < Block; ++I) {
    if (LineAt[Index] != -1)
      Emit();
    Update(0);
  }
  return Out;
}

} // namespace racesift
