//===- SourceLines.h - Analysed sources as they are on disk -----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Comment suppressions, SARIF regions and GitHub's line hashes read the
// source lines of findings: each file is read once per run and cut into
// lines once, since a large unit has many findings. A file that cannot be
// read has no lines.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_REPORT_SOURCELINES_H
#define RACESIFT_LIB_REPORT_SOURCELINES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace racesift {
namespace report {

/// A location's file as a path without dots: absolute when File is or Dir
/// (its compilation directory) is known, else File as written.
std::string sourcePath(llvm::StringRef File, llvm::StringRef Dir);

class SourceLines {
public:
  /// Line N (1-based) of Path without its line end, or "" if there is none.
  llvm::StringRef line(const std::string &Path, unsigned N);

  /// GitHub's primaryLocationLineHash of line N of Path, or "".
  std::string lineHash(const std::string &Path, unsigned N);

private:
  struct File {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<llvm::StringRef> Lines;
    std::vector<std::string> Hashes; ///< Computed on first use.
  };
  File &get(const std::string &Path);

  std::map<std::string, File> Files;
};

} // namespace report
} // namespace racesift

#endif // RACESIFT_LIB_REPORT_SOURCELINES_H
