//===- Debug.cpp - Tracing per layer behind the debug-only option ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/Support/Debug.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <atomic>
#include <optional>

using namespace llvm;

namespace racesift {

const std::vector<std::string> &debugTypes() {
  static const std::vector<std::string> Types = {
      "racesift",         "racesift-threads", "racesift-pta",
      "racesift-lockset", "racesift-mhp",     "racesift-mc",
      "racesift-validate"};
  return Types;
}

// One bit per debugTypes() entry. Set by the pass before it runs; read by
// every layer (an atomic: lld may run passes on several threads).
static std::atomic<unsigned> Enabled{0};

/// The bits of the comma-separated layers, or nullopt if one is no layer.
static std::optional<unsigned> layerBits(StringRef Layers) {
  unsigned Bits = 0;
  SmallVector<StringRef, 8> Names;
  Layers.split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef N : Names) {
    const std::vector<std::string> &T = debugTypes();
    auto It = std::find(T.begin(), T.end(), N.trim().str());
    if (It == T.end())
      return std::nullopt;
    Bits |= 1u << (It - T.begin());
  }
  return Bits;
}

bool isDebugOnlyList(StringRef Layers) { return layerBits(Layers).has_value(); }

bool setDebugOnly(StringRef Layers) {
  std::optional<unsigned> Bits = layerBits(Layers);
  if (Bits)
    Enabled = *Bits;
  return Bits.has_value();
}

bool debugEnabled(StringRef Type) {
  unsigned Bits = Enabled.load(std::memory_order_relaxed);
  if (!Bits)
    return false;
  const std::vector<std::string> &T = debugTypes();
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I] == Type)
      return Bits >> I & 1;
  return false;
}

raw_ostream &debugs() { return errs(); }

} // namespace racesift
