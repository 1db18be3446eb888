//===- LibraryEffects.cpp - What library calls write in a replay ----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A library function of the libc table (racesift/ThreadModel/LibcModel.h)
// writes through its arguments. The copies and fills are replayed byte for
// byte. The others' writes, where the program's own data fixes them
// (sscanf's outputs, snprintf's buffer, strxfrm, inet_pton), become
// untrusted bytes: a race whose interleaving reads one is possible, not
// confirmed. Left as they were, stale bytes decided the path: `strncpy(mode,
// "locked", n)` left `mode` empty, the replay took the unlocked branch, and
// a race the program cannot have was confirmed (validate/library-writes.c).
// A file's or socket's bytes are the outside world's: leaving them alone is
// one environment. Its structured outputs (stat's struct, clock_gettime's
// timespec) keep invariants the replay does not know: untrusted too.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "racesift/ThreadModel/LibcModel.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
/// At most this many bytes one call makes untrusted.
constexpr uint64_t MaxUntrustedBytes = 1 << 16;

/// Functions (the table's standard names) whose results and writes the
/// outside world fixes: files, sockets, streams and what they hold, the
/// clock, the file system, the process's environment and the system's
/// databases. Any value is possible there, so a result is an input and
/// the bytes written are left alone (compromise
/// validation-library-effects). Every other function of the table
/// computes from the program's own data and its hidden state (toupper,
/// strdup, bsearch, rand after srand, strftime of a tm it filled).
bool fixedOutside(StringRef N) {
  static const StringRef Names[] = {
      // Descriptors, sockets, streams.
      "open", "open64", "openat", "creat", "close", "read", "readv", "pread",
      "pread64", "write", "writev", "pwrite", "pwrite64", "lseek", "lseek64",
      "fsync", "fdatasync", "ftruncate", "truncate", "dup", "dup2", "dup3",
      "pipe", "pipe2", "fcntl", "ioctl", "poll", "ppoll", "select", "pselect",
      "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait", "eventfd",
      "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
      "send", "sendto", "sendmsg", "recv", "recvfrom", "recvmsg", "shutdown",
      "setsockopt", "getsockopt", "getsockname", "getpeername", "getaddrinfo",
      "getnameinfo", "gethostbyname", "gethostbyaddr", "gethostbyname_r",
      "mmap", "munmap", "mprotect", "msync", "madvise", "fopen", "fopen64",
      "fdopen", "freopen", "tmpfile", "popen", "pclose", "fclose", "fflush",
      "fseek", "fseeko", "ftell", "ftello", "rewind", "fileno", "feof",
      "ferror", "clearerr", "setvbuf", "setbuf", "fgetc", "getc", "getchar",
      "fgets", "gets", "fread", "ungetc", "getline", "getdelim", "scanf",
      "fscanf", "vscanf", "vfscanf", "fputc", "putc", "putchar", "fputs",
      "puts", "fwrite", "printf", "fprintf", "vprintf", "vfprintf", "dprintf",
      "perror", "__read_chk", "__pread_chk", "__recv_chk", "__fgets_chk",
      // The file system.
      "stat", "lstat", "fstat", "stat64", "lstat64", "fstat64", "fstatat",
      "statvfs", "fstatvfs", "access", "unlink", "remove", "rename", "mkdir",
      "rmdir", "chdir", "getcwd", "realpath", "readlink", "opendir",
      "fdopendir", "readdir", "readdir64", "readdir_r", "closedir", "chmod",
      "chown", "mkstemp", "mkdtemp", "mkfifo",
      // The clock and the time zone.
      "time", "clock", "clock_gettime", "clock_getres", "gettimeofday",
      "nanosleep", "clock_nanosleep", "usleep", "sleep", "localtime",
      "localtime_r", "ctime", "ctime_r", "mktime", "times",
      // The process, its environment and the system.
      "getenv", "secure_getenv", "getrlimit", "setrlimit", "getrusage", "uname",
      "sysinfo", "sysconf", "get_nprocs", "get_nprocs_conf",
      "sched_getaffinity", "pthread_getaffinity_np", "gethostname", "getuid",
      "geteuid", "getgid", "getegid", "isatty", "ttyname", "ttyname_r",
      "getlogin", "getlogin_r", "getpwnam", "getpwuid", "getpwnam_r",
      "getpwuid_r", "getgrnam", "getgrgid", "getgrnam_r", "getgrgid_r",
      "waitpid", "wait", "wait4", "kill", "raise", "signal", "sigaction",
      "alarm", "sigwait", "sigtimedwait", "getrandom", "getentropy", "dlopen",
      "dlsym", "dlclose", "dlerror", "system", "strerror", "strerror_r",
      "__xpg_strerror_r"};
  return llvm::is_contained(Names, N);
}

/// Functions of the outside world that write its data, any bytes at all
/// (a file's, a socket's, a stream's): the replay leaves those bytes
/// alone, one environment among all. What the others write (stat's
/// struct, clock_gettime's timespec) keeps invariants the replay does not
/// know (tv_nsec < 10^9), so it is untrusted.
bool writesOutsideData(StringRef N) {
  return isOneOf(N, {"read",       "readv",       "pread",      "pread64",
                     "recv",       "recvfrom",    "recvmsg",    "fread",
                     "fgets",      "gets",        "getline",    "getdelim",
                     "scanf",      "fscanf",      "vscanf",     "vfscanf",
                     "__read_chk", "__pread_chk", "__recv_chk", "__fgets_chk"});
}

/// The bytes a scalar out-parameter (LibcExtent::Pointee) names: the
/// variable or field the IR points at, else a pointer's width.
uint64_t pointeeSize(const Value *Ptr, const DataLayout &DL) {
  Ptr = Ptr->stripPointerCasts();
  Type *Ty = nullptr;
  if (auto *AI = dyn_cast<AllocaInst>(Ptr))
    Ty = AI->getAllocatedType();
  else if (auto *GV = dyn_cast<GlobalVariable>(Ptr))
    Ty = GV->getValueType();
  else if (auto *GEP = dyn_cast<GEPOperator>(Ptr))
    Ty = GEP->getResultElementType();
  return Ty && Ty->isSized() ? DL.getTypeAllocSize(Ty).getKnownMinValue() : 8;
}
} // namespace

std::optional<bool> Replayer::libraryCopy(Path &P, unsigned T,
                                          const CallBase &CB, StringRef N) {
  // The fortified forms (__memcpy_chk) take the object's size last.
  if (N.starts_with("__") && N.ends_with("_chk"))
    N = N.drop_front(2).drop_back(4);
  if (!isOneOf(N, {"bzero", "explicit_bzero", "bcopy", "mempcpy", "strncpy",
                   "stpncpy", "memcpy", "memmove", "memset", "strcpy", "stpcpy",
                   "strcat"}))
    return std::nullopt;
  if (N == "strcpy" || N == "stpcpy" || N == "strcat")
    return stringCopy(P, T, CB, N);
  if (CB.arg_size() < (N == "bzero" || N == "explicit_bzero" ? 2u : 3u))
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  LLVMContext &C = CB.getContext();
  Type *I8 = Type::getInt8Ty(C);
  if (N == "bzero" || N == "explicit_bzero" || N == "memset") {
    Val Dst = Arg(0);
    Val Len = Arg(N == "memset" ? 2 : 1);
    fill(P, concretize(P, Dst, "fill"),
         N == "memset" ? Arg(1) : Val::constant(8, 0), Len);
    finishCall(P, T, CB, N == "memset" ? std::optional(Dst) : std::nullopt);
    return true;
  }
  if (N == "strncpy" || N == "stpncpy") {
    // The source's bytes up to its NUL, then zeros up to n.
    Val Dst = Arg(0);
    uint64_t D = concretize(P, Dst, "copy");
    uint64_t S = concretize(P, Arg(1), "copy");
    uint64_t Len = pinCount(P, Arg(2), "copy length");
    if (Len > (1u << 16))
      throw Unsupported{"a copy of more than 64 KiB"};
    uint64_t End = Len; // stpncpy: the first NUL written, or dst + n.
    std::vector<Val> Bytes;
    for (uint64_t I = 0; I < Len; ++I) {
      Val B = End < Len ? Val::constant(8, 0) : load(P, S + I, I8, "");
      if (End == Len) {
        if (!B.isConst())
          return std::nullopt; // Input bytes: where the NUL is decides.
        if (B.K->isZero())
          End = I;
      }
      Bytes.push_back(B);
    }
    for (uint64_t I = 0; I < Len; ++I)
      P.Mem.set(D + I, Bytes[I]);
    finishCall(P, T, CB, N == "stpncpy" ? Val::constant(64, D + End) : Dst);
    return true;
  }
  // bcopy(src, dst, n); mempcpy returns the end of what it wrote.
  bool Swapped = N == "bcopy";
  Val Dst = Arg(Swapped ? 1 : 0);
  uint64_t D = concretize(P, Dst, "copy");
  Val Len = Arg(2);
  uint64_t L = copy(P, CB, D, concretize(P, Arg(Swapped ? 0 : 1), "copy"), Len);
  finishCall(P, T, CB,
             N == "bcopy"     ? std::nullopt
             : N == "mempcpy" ? std::optional(Val::constant(64, D + L))
                              : std::optional(Dst));
  return true;
}

std::optional<bool> Replayer::clockCall(Path &P, unsigned T, const CallBase &CB,
                                        StringRef N) {
  // The clock is the outside world's, any time at all; what the replay
  // must know is the invariant of its fields: a program that normalises
  // `ts.tv_nsec += ms * 1000000` branches on it (clock-input).
  unsigned Arg;
  uint64_t Units;
  if (N == "clock_gettime" && CB.arg_size() == 2) {
    Arg = 1;
    Units = 1000000000; // struct timespec: tv_sec, tv_nsec.
  } else if (N == "gettimeofday" && CB.arg_size() == 2) {
    Arg = 0;
    Units = 1000000; // struct timeval: tv_sec, tv_usec.
  } else {
    return std::nullopt;
  }
  Frame &F = P.Threads[T].Stack.back();
  uint64_t Addr = concretize(P, eval(P, F, CB.getArgOperand(Arg)), "clock");
  uint64_t Base = objectOf(P, Addr);
  if (!Addr || Base == ~uint64_t(0) || Addr + 16 > Base + P.Objects[Base])
    return std::nullopt;
  Type *I64 = Type::getInt64Ty(CB.getContext());
  std::string Where = "'" + N.str() + "'" + atLine(CB);
  Val Sec = fresh(P, 64, "the seconds " + Where + " gives");
  Val Sub = fresh(P, 64, "the fraction of a second " + Where + " gives");
  P.PC.push_back(*Sec.E >= 0);
  P.PC.push_back(*Sub.E >= 0 && *Sub.E < Ctx.bv_val(Units, 64));
  store(P, Addr, Sec, I64);
  store(P, Addr + 8, Sub, I64);
  // A clock the system has and a buffer the program owns: it succeeds.
  finishCall(P, T, CB, Val::constant(DL.getTypeSizeInBits(CB.getType()), 0));
  return true;
}

bool Replayer::untrustedResult(Path &P, unsigned T, const CallBase &CB,
                               StringRef N) {
  const LibcFunction *Row = lookupLibc(N);
  if (!Row || fixedOutside(Row->Name))
    return false;
  // Of inputs (strtoul of argv[1]), the result is as open as they are: an
  // input too, unless untrusted terms are among them.
  Frame &F = P.Threads[T].Stack.back();
  std::vector<z3::expr> Terms;
  for (const Use &U : CB.args())
    if (Val V = eval(P, F, U.get()); V.E)
      Terms.push_back(*V.E);
  for (const LibcAccess &A : libcAccessesOf(*Row, CB)) {
    if (A.IsWrite || A.Arg < 0 || unsigned(A.Arg) >= CB.arg_size())
      continue;
    Val Ptr = eval(P, F, CB.getArgOperand(A.Arg));
    if (!Ptr.isConst())
      continue;
    // The bytes up to a NUL, of what was written (unwritten bytes read as
    // inputs when loaded).
    for (uint64_t I = 0; I < MaxUntrustedBytes; ++I) {
      const Val *B = P.Mem.find(Ptr.K->getZExtValue() + I);
      if (!B || (B->isConst() && B->K->isZero()))
        break;
      if (B->E)
        Terms.push_back(*B->E);
    }
  }
  return Terms.empty() || !untrustedIn(P, std::move(Terms)).empty();
}

z3::expr Replayer::untrustedArray(Path &P, const std::string &What) {
  z3::expr Bytes =
      Ctx.constant(("w" + std::to_string(Fresh++)).c_str(),
                   Ctx.array_sort(Ctx.bv_sort(64), Ctx.bv_sort(8)));
  P.Untrusted.push_back({What, Bytes});
  return Bytes;
}

void Replayer::untrustBytes(Path &P, uint64_t Lo, uint64_t Hi,
                            const std::string &What,
                            std::optional<z3::expr> &Bytes) {
  if (Hi - Lo > MaxUntrustedBytes)
    throw Unsupported{What + ": more than 64 KiB"};
  if (!Bytes)
    Bytes = untrustedArray(P, What);
  for (uint64_t I = Lo; I < Hi; ++I)
    P.Mem.set(I, Val::symbolic(z3::select(*Bytes, Ctx.bv_val(I, 64))));
}

void Replayer::untrustPointee(Path &P, unsigned T, const CallBase &CB,
                              const LibcFunction *Row, unsigned Arg,
                              LibcExtent Extent, const std::string &What,
                              std::optional<z3::expr> &Bytes) {
  if (Extent == LibcExtent::Stored || Extent == LibcExtent::VaList)
    throw Unsupported{What + " through a pointer in memory"};
  Frame &F = P.Threads[T].Stack.back();
  const Value *Ptr = CB.getArgOperand(Arg);
  uint64_t Addr = concretize(P, eval(P, F, Ptr), "library write");
  uint64_t Base = objectOf(P, Addr);
  if (!Addr || Base == ~uint64_t(0))
    return; // NULL, or no object the replay knows: nothing to read back.
  uint64_t End = Base + P.Objects[Base];
  uint64_t Lo = Extent == LibcExtent::Block ? Base : Addr;
  uint64_t Hi = Extent == LibcExtent::Pointee
                    ? std::min(End, Addr + pointeeSize(Ptr, DL))
                    : End;
  if (uint64_t Size = Row ? libcExtentBytes(*Row, Extent, CB, Arg) : 0)
    Hi = std::min(End, Addr + Size);
  untrustBytes(P, Lo, Hi, What, Bytes);
}

void Replayer::untrustWrites(Path &P, unsigned T, const CallBase &CB,
                             StringRef N, bool Always) {
  const LibcFunction *Row = lookupLibc(N);
  if (!Row || (!Always && writesOutsideData(Row->Name)))
    return;
  std::string What = "what '" + displayName(N) + "'" + atLine(CB) + " writes";
  std::optional<z3::expr> Bytes; // One array for the call's bytes.
  for (const LibcAccess &A : libcAccessesOf(*Row, CB))
    if (A.IsWrite && A.Arg >= 0 && unsigned(A.Arg) < CB.arg_size())
      untrustPointee(P, T, CB, Row, A.Arg, A.Extent, What, Bytes);
}

} // namespace validate
} // namespace racesift
