//===- Debug.h - Tracing per layer behind the debug-only option -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// LLVM_DEBUG compiles to nothing in Debian's release LLVM and has no
// -debug-only there, so RaceSift traces with its own macro behind its
// option `debug-only=<layer>,...`. Each layer's files define DEBUG_TYPE
// (racesift-threads, racesift-pta, racesift-lockset, racesift-mhp,
// racesift-mc, racesift-validate, racesift); RACESIFT_DEBUG(X) runs X when
// that layer is enabled, and prints through debugs().
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_SUPPORT_DEBUG_H
#define RACESIFT_SUPPORT_DEBUG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace racesift {

/// The layers debug-only may name.
const std::vector<std::string> &debugTypes();
/// Whether every one of the comma-separated layers is in debugTypes().
bool isDebugOnlyList(llvm::StringRef Layers);
/// Enables tracing for the comma-separated layers (empty: none). Each must
/// be one of debugTypes(); false, with nothing changed, if one is not.
bool setDebugOnly(llvm::StringRef Layers);
/// Whether the layer Type traces.
bool debugEnabled(llvm::StringRef Type);
/// Where traces go (stderr).
llvm::raw_ostream &debugs();

} // namespace racesift

/// Runs X if the file's DEBUG_TYPE is enabled by debug-only.
#define RACESIFT_DEBUG(X)                                                      \
  do {                                                                         \
    if (::racesift::debugEnabled(DEBUG_TYPE)) {                                \
      X;                                                                       \
    }                                                                          \
  } while (false)

#endif // RACESIFT_SUPPORT_DEBUG_H
