//===- SourceLines.cpp - Analysed sources as they are on disk -------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SourceLines.h"

#include "racesift/Report/Report.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace racesift {
namespace report {

SourceLines::File &SourceLines::get(const std::string &Path) {
  auto [It, New] = Files.try_emplace(Path);
  File &F = It->second;
  if (!New || Path.empty())
    return F;
  auto B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!B)
    return F;
  F.Buffer = std::move(*B);
  StringRef Rest = F.Buffer->getBuffer();
  while (!Rest.empty()) {
    auto [L, R] = Rest.split('\n');
    F.Lines.push_back(L.rtrim('\r'));
    Rest = R;
  }
  return F;
}

StringRef SourceLines::line(const std::string &Path, unsigned N) {
  const File &F = get(Path);
  return N && N <= F.Lines.size() ? F.Lines[N - 1] : StringRef();
}

std::string SourceLines::lineHash(const std::string &Path, unsigned N) {
  File &F = get(Path);
  if (F.Hashes.empty() && F.Buffer)
    F.Hashes = githubLineHashes(F.Buffer->getBuffer());
  return N && N <= F.Hashes.size() ? F.Hashes[N - 1] : "";
}

std::string sourcePath(StringRef File, StringRef Dir) {
  SmallString<256> P;
  if (!sys::path::is_absolute(File))
    P = Dir;
  sys::path::append(P, File);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

} // namespace report
} // namespace racesift
