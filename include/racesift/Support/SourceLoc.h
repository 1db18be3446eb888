//===- SourceLoc.h - A plain source position --------------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_SUPPORT_SOURCELOC_H
#define RACESIFT_SUPPORT_SOURCELOC_H

#include <string>
#include <tuple>

namespace racesift {

/// A source position. Line == 0 means unknown; Function is always set so
/// reports without debug info can fall back to it.
struct SourceLoc {
  std::string File; ///< As written in debug info (may be relative).
  std::string Dir;  ///< Compilation directory from debug info.
  unsigned Line = 0;
  unsigned Col = 0;
  std::string Function;

  bool known() const { return Line != 0; }
  bool operator<(const SourceLoc &O) const {
    return std::tie(File, Line, Col, Function) <
           std::tie(O.File, O.Line, O.Col, O.Function);
  }
  bool operator==(const SourceLoc &O) const {
    return std::tie(File, Line, Col, Function) ==
           std::tie(O.File, O.Line, O.Col, O.Function);
  }
};

/// A location in the toolchain's or the system's headers (libstdc++'s
/// std::thread and std::mutex, glibc's inline functions): never where the
/// user wants to be sent.
inline bool isSystemLoc(const SourceLoc &L) {
  for (const char *Prefix :
       {"/usr/include/", "/usr/lib/", "/usr/local/include/"})
    if (L.File.compare(0, std::char_traits<char>::length(Prefix), Prefix) == 0)
      return true;
  return false;
}

} // namespace racesift

#endif // RACESIFT_SUPPORT_SOURCELOC_H
