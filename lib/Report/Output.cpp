//===- Output.cpp - Atomic report files -----------------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReportText.h"

#include "racesift/Report/Report.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#if LLVM_ON_UNIX
#include <unistd.h>
#endif

using namespace llvm;

namespace racesift {

Error report::cannotWrite(const std::string &Path, std::error_code EC,
                          const Twine &Why) {
  return createStringError(EC, "cannot write '%s': %s", Path.c_str(),
                           Why.str().c_str());
}

Error writeFileAtomically(const std::string &Path, const std::string &Text) {
  auto Fail = [&](std::error_code EC, const Twine &Why) {
    return report::cannotWrite(Path, EC, Why);
  };
  SmallString<256> Dir(Path);
  sys::path::remove_filename(Dir);
  if (Dir.empty())
    Dir = ".";
  // Same directory as Path, so the final rename cannot cross file systems.
  // The name does not end in .sarif, so a merge never picks up a leftover.
  SmallString<256> Model(Dir);
  sys::path::append(Model, "." + sys::path::filename(Path) + ".tmp-%%%%%%%%");
  int FD = -1;
  SmallString<256> Tmp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Tmp))
    return Fail(EC, "cannot create a temporary file in '" + Dir +
                        "': " + EC.message());
  sys::RemoveFileOnSignal(Tmp);

  std::error_code EC;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/false);
    OS << Text;
    OS.flush();
    EC = OS.error(); // A full disk shows up here.
    OS.clear_error();
  }
#if LLVM_ON_UNIX
  // Data on disk before the rename: a crash leaves the old file or the new
  // one, never a truncated one.
  if (!EC && ::fsync(FD) != 0)
    EC = std::error_code(errno, std::generic_category());
#endif
  std::error_code CloseEC = sys::Process::SafelyCloseFileDescriptor(FD);
  if (!EC)
    EC = CloseEC;
  if (!EC)
    EC = sys::fs::rename(Tmp, Path);
  if (EC) {
    (void)sys::fs::remove(Tmp);
    sys::DontRemoveFileOnSignal(Tmp);
    return Fail(EC, EC.message());
  }
  sys::DontRemoveFileOnSignal(Tmp);
  return Error::success();
}

std::string sarifPathInDir(const std::string &Dir, const std::string &Base,
                           const std::string &Key) {
  // An error here surfaces, with the path, when the file is written.
  (void)sys::fs::create_directories(Dir);
  SHA256 H;
  H.update(Key);
  std::array<uint8_t, 32> D = H.final();
  std::string Name = sys::path::filename(Base).str();
  if (Name.empty())
    Name = "module";
  SmallString<256> P(Dir);
  sys::path::append(
      P, Name + "-" + toHex(ArrayRef<uint8_t>(D.data(), 4), true) + ".sarif");
  return std::string(P);
}

} // namespace racesift
