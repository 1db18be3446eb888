//===- LibcModel.cpp - What C library and POSIX functions touch -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one table of functions without a body that RaceSift knows: for each,
// the memory it reads and writes through which argument, the hidden state
// it keeps between calls, what its result points to and what it calls
// back. The points-to constraints (lib/PointsTo) and the
// accesses of the action graphs (FunctionGraphBuilder.cpp) both read it; a
// function without a row follows the unknown-external rule (see
// docs/design-threadmodel.md, "Functions without a body").
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace racesift {

namespace {
using LR = LibcReturn;

/// One row as written below. Spec is a list of space-separated items:
///   r N / w N / m N   reads / writes / reads and writes through argument N;
///                     a letter before N says how much (LibcExtent):
///                     b Rest (a sized buffer or a string), o Block (the
///                     whole object), j Object, t Stored, l VaList, k Links
///                     (a node through its last link word); none: Pointee
///   rh / wh / mh      reads / writes the hidden state (the whole of it)
///   rs / ms           ... the string the hidden state points to
///   aN                returns a pointer into argument N
///   pN / fN           argument N is a printf / scanf format
///   cN                argument N is a function called back during the call
///   eN                argument N is kept by the library (escapes)
///   xN                stores a pointer into argument 0 through argument N
///   nN                stores a new heap object through argument N
///   kh                keeps a pointer into argument 0 in the hidden state
///   ln                links its pointer arguments to each other
///   lwA-B             a node's neighbours are in its pointer-sized words
///                     A to B (LibcFunction::LinkWords)
///   >N:C / <N:C       the pointers in argument N's object are sent into
///                     channel C / receive channel C's pointers; >>N:C,
///                     >>>N:C: through one or two more pointers (iovecs)
///   cp                copies pointers: argument 1 to 0, or argument 0 to a
///                     fresh result (realloc)
struct Row {
  const char *Name;
  const char *Spec;
  LR Ret;
  const char *Hidden;
};

// Hidden state shared by a group of functions (POSIX's functions that need
// not be thread-safe keep it in static storage).
constexpr const char *Rand48 = "drand48()";
constexpr const char *Env = "the environment";
constexpr const char *Strtok = "strtok()";
constexpr const char *Time = "localtime(), gmtime(), ctime() and asctime()";
constexpr const char *Hostdb = "gethostbyname() and gethostbyaddr()";
constexpr const char *Netdb = "the network database";
constexpr const char *Passwd = "the user database";
constexpr const char *Group = "the group database";
constexpr const char *Locale = "the locale";
constexpr const char *Getopt = "getopt()";
constexpr const char *Ttyname = "ttyname()";
constexpr const char *Getlogin = "getlogin()";
constexpr const char *Tmpnam = "tmpnam()";
constexpr const char *Mbstate = "the multibyte conversion state";
constexpr const char *Hsearch = "hsearch()";
constexpr const char *Crypt = "crypt()";
constexpr const char *Ecvt = "ecvt() and fcvt()";
constexpr const char *Utmp = "the user accounting database";
constexpr const char *Mntent = "getmntent()";
constexpr const char *Ptsname = "ptsname()";
constexpr const char *Basename = "basename() and dirname()";
constexpr const char *L64a = "l64a()";
constexpr const char *Gamma = "lgamma()";
constexpr const char *Getdate = "getdate()";

// clang-format off
const Row Rows[] = {
    // Allocation.
    {"malloc", "", LR::Fresh, nullptr},
    {"calloc", "", LR::Fresh, nullptr},
    {"realloc", "mo0 cp", LR::Fresh, nullptr},
    {"reallocarray", "mo0 cp", LR::Fresh, nullptr},
    {"aligned_alloc", "", LR::Fresh, nullptr},
    {"memalign", "", LR::Fresh, nullptr},
    {"valloc", "", LR::Fresh, nullptr},
    {"pvalloc", "", LR::Fresh, nullptr},
    {"posix_memalign", "w0 n0", LR::None, nullptr},
    {"free", "wo0", LR::None, nullptr},
    {"_Znwm", "", LR::Fresh, nullptr},
    {"_Znam", "", LR::Fresh, nullptr},
    {"_ZnwmRKSt9nothrow_t", "", LR::Fresh, nullptr},
    {"_ZnamRKSt9nothrow_t", "", LR::Fresh, nullptr},
    {"_ZnwmSt11align_val_t", "", LR::Fresh, nullptr},
    {"_ZnamSt11align_val_t", "", LR::Fresh, nullptr},
    {"_ZnwmSt11align_val_tRKSt9nothrow_t", "", LR::Fresh, nullptr},
    {"_ZnamSt11align_val_tRKSt9nothrow_t", "", LR::Fresh, nullptr},
    // operator delete is not a write in headers (compromise "cxx-delete"):
    // unique_ptr destructors delete on paths the model cannot tell are
    // dead (the std::thread state _M_start_thread released), a false race
    // each. In the unit's own file it is free's row (libcActions).
    {"_ZdlPv", "", LR::None, nullptr},
    {"_ZdaPv", "", LR::None, nullptr},
    {"_ZdlPvm", "", LR::None, nullptr},
    {"_ZdaPvm", "", LR::None, nullptr},
    {"_ZdlPvSt11align_val_t", "", LR::None, nullptr},
    {"_ZdaPvSt11align_val_t", "", LR::None, nullptr},
    {"_ZdlPvmSt11align_val_t", "", LR::None, nullptr},
    {"_ZdaPvmSt11align_val_t", "", LR::None, nullptr},

    // <string.h>: sized buffers.
    {"memcpy", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"memmove", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"mempcpy", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"memccpy", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"memset", "wb0 a0", LR::IntoArg, nullptr},
    {"bzero", "wb0", LR::None, nullptr},
    {"explicit_bzero", "wb0", LR::None, nullptr},
    {"bcopy", "rb0 wb1", LR::None, nullptr},
    {"memcmp", "rb0 rb1", LR::None, nullptr},
    {"bcmp", "rb0 rb1", LR::None, nullptr},
    {"memchr", "rb0 a0", LR::IntoArg, nullptr},
    {"memrchr", "rb0 a0", LR::IntoArg, nullptr},
    {"rawmemchr", "rb0 a0", LR::IntoArg, nullptr},
    {"memmem", "rb0 rb2 a0", LR::IntoArg, nullptr},
    {"swab", "rb0 wb1", LR::None, nullptr},
    // <string.h>: strings.
    {"strcpy", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"strncpy", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"stpcpy", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"stpncpy", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"strcat", "mb0 rb1 a0", LR::IntoArg, nullptr},
    {"strncat", "mb0 rb1 a0", LR::IntoArg, nullptr},
    {"strlcpy", "wb0 rb1", LR::None, nullptr},
    {"strlcat", "mb0 rb1", LR::None, nullptr},
    {"strlen", "rb0", LR::None, nullptr},
    {"strnlen", "rb0", LR::None, nullptr},
    {"strcmp", "rb0 rb1", LR::None, nullptr},
    {"strncmp", "rb0 rb1", LR::None, nullptr},
    {"strcasecmp", "rb0 rb1", LR::None, nullptr},
    {"strncasecmp", "rb0 rb1", LR::None, nullptr},
    {"strcoll", "rb0 rb1", LR::None, nullptr},
    {"strverscmp", "rb0 rb1", LR::None, nullptr},
    {"strxfrm", "wb0 rb1", LR::None, nullptr},
    {"strchr", "rb0 a0", LR::IntoArg, nullptr},
    {"strrchr", "rb0 a0", LR::IntoArg, nullptr},
    {"strchrnul", "rb0 a0", LR::IntoArg, nullptr},
    {"index", "rb0 a0", LR::IntoArg, nullptr},
    {"rindex", "rb0 a0", LR::IntoArg, nullptr},
    {"strstr", "rb0 rb1 a0", LR::IntoArg, nullptr},
    {"strcasestr", "rb0 rb1 a0", LR::IntoArg, nullptr},
    {"strpbrk", "rb0 rb1 a0", LR::IntoArg, nullptr},
    {"strspn", "rb0 rb1", LR::None, nullptr},
    {"strcspn", "rb0 rb1", LR::None, nullptr},
    {"strsep", "m0 mt0 rb1 a0", LR::IntoArg, nullptr},
    {"strdup", "rb0", LR::Fresh, nullptr},
    {"strndup", "rb0", LR::Fresh, nullptr},
    {"strtok", "mb0 rb1 mh ms kh a0", LR::IntoArg, Strtok},
    {"strtok_r", "mb0 rb1 m2 mt2 x2 a0", LR::IntoArg, nullptr},
    // Compromise "libc-strerror": POSIX lets strerror use static storage,
    // but glibc (since 2.32) and musl return a constant string or the
    // calling thread's own buffer: no memory another thread uses.
    {"strerror", "", LR::ThreadLocal, nullptr},
    {"strerror_r", "wb1 a1", LR::IntoArg, nullptr},
    {"__xpg_strerror_r", "wb1", LR::None, nullptr},
    // glibc (since 2.32) keeps strsignal's buffer for unknown signals per
    // thread, as strerror's; musl returns constant strings.
    {"strsignal", "", LR::ThreadLocal, nullptr},
    {"wcscpy", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"wcslen", "rb0", LR::None, nullptr},
    {"wcscmp", "rb0 rb1", LR::None, nullptr},
    {"wmemcpy", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"wmemset", "wb0 a0", LR::IntoArg, nullptr},
    // Fortified variants (_FORTIFY_SOURCE): an extra size argument.
    {"__memcpy_chk", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"__memmove_chk", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"__mempcpy_chk", "wb0 rb1 cp a0", LR::IntoArg, nullptr},
    {"__memset_chk", "wb0 a0", LR::IntoArg, nullptr},
    {"__strcpy_chk", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"__stpcpy_chk", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"__strncpy_chk", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"__stpncpy_chk", "wb0 rb1 a0", LR::IntoArg, nullptr},
    {"__strcat_chk", "mb0 rb1 a0", LR::IntoArg, nullptr},
    {"__strncat_chk", "mb0 rb1 a0", LR::IntoArg, nullptr},
    {"__sprintf_chk", "wb0 rb3 p3", LR::None, nullptr},
    {"__snprintf_chk", "wb0 rb4 p4", LR::None, nullptr},
    {"__vsprintf_chk", "wb0 rb3 rl4", LR::None, nullptr},
    {"__vsnprintf_chk", "wb0 rb4 rl5", LR::None, nullptr},
    {"__printf_chk", "rb1 p1", LR::None, nullptr},
    {"__fprintf_chk", "rb2 p2", LR::None, nullptr},
    {"__vprintf_chk", "rb1 rl2", LR::None, nullptr},
    {"__vfprintf_chk", "rb2 rl3", LR::None, nullptr},
    {"__fgets_chk", "wb0", LR::None, nullptr},
    {"__read_chk", "wb1", LR::None, nullptr},
    {"__pread_chk", "wb1", LR::None, nullptr},
    {"__recv_chk", "wb1", LR::None, nullptr},

    // <stdio.h>. FILE objects are the library's and locked by it (POSIX
    // makes stdio thread-safe): calls on a stream touch no program memory.
    {"printf", "rb0 p0", LR::None, nullptr},
    {"fprintf", "rb1 p1", LR::None, nullptr},
    {"dprintf", "rb1 p1", LR::None, nullptr},
    {"sprintf", "wb0 rb1 p1", LR::None, nullptr},
    {"snprintf", "wb0 rb2 p2", LR::None, nullptr},
    {"asprintf", "w0 rb1 p1 n0", LR::None, nullptr},
    {"vprintf", "rb0 rl1", LR::None, nullptr},
    {"vfprintf", "rb1 rl2", LR::None, nullptr},
    {"vdprintf", "rb1 rl2", LR::None, nullptr},
    {"vsprintf", "wb0 rb1 rl2", LR::None, nullptr},
    {"vsnprintf", "wb0 rb2 rl3", LR::None, nullptr},
    {"vasprintf", "w0 rb1 rl2 n0", LR::None, nullptr},
    {"scanf", "rb0 f0", LR::None, nullptr},
    {"fscanf", "rb1 f1", LR::None, nullptr},
    {"sscanf", "rb0 rb1 f1", LR::None, nullptr},
    {"vscanf", "rb0 wl1", LR::None, nullptr},
    {"vfscanf", "rb1 wl2", LR::None, nullptr},
    {"vsscanf", "rb0 rb1 wl2", LR::None, nullptr},
    {"puts", "rb0", LR::None, nullptr},
    {"fputs", "rb0", LR::None, nullptr},
    // The _unlocked stdio functions skip the stream's lock: they read and
    // write the stream itself (flockfile is the caller's to take).
    {"fputs_unlocked", "rb0 m1", LR::None, nullptr},
    {"putc_unlocked", "m1", LR::None, nullptr},
    {"fputc_unlocked", "m1", LR::None, nullptr},
    {"getc_unlocked", "m0", LR::None, nullptr},
    {"fgetc_unlocked", "m0", LR::None, nullptr},
    {"fflush_unlocked", "m0", LR::None, nullptr},
    {"feof_unlocked", "r0", LR::None, nullptr},
    {"ferror_unlocked", "r0", LR::None, nullptr},
    {"clearerr_unlocked", "m0", LR::None, nullptr},
    {"putchar", "", LR::None, nullptr},
    {"putc", "", LR::None, nullptr},
    {"fputc", "", LR::None, nullptr},
    {"getchar", "", LR::None, nullptr},
    {"getc", "", LR::None, nullptr},
    {"fgetc", "", LR::None, nullptr},
    {"ungetc", "", LR::None, nullptr},
    {"fgets", "wb0 a0", LR::IntoArg, nullptr},
    {"fgets_unlocked", "wb0 a0 m2", LR::IntoArg, nullptr},
    {"gets", "wb0 a0", LR::IntoArg, nullptr},
    {"fread", "wb0 <0:io", LR::None, nullptr},
    {"fread_unlocked", "wb0 m3 <0:io", LR::None, nullptr},
    {"fwrite", "rb0 >0:io", LR::None, nullptr},
    {"fwrite_unlocked", "rb0 m3 >0:io", LR::None, nullptr},
    {"getline", "m0 wt0 m1 n0", LR::None, nullptr},
    {"getdelim", "m0 wt0 m1 n0", LR::None, nullptr},
    {"fopen", "rb0 rb1", LR::Own, nullptr},
    {"fopen64", "rb0 rb1", LR::Own, nullptr},
    {"fdopen", "rb1", LR::Own, nullptr},
    {"freopen", "rb0 rb1", LR::Own, nullptr},
    {"tmpfile", "", LR::Own, nullptr},
    {"popen", "rb0 rb1", LR::Own, nullptr},
    {"fmemopen", "rb2 e0", LR::Own, nullptr},
    {"fclose", "", LR::None, nullptr},
    {"pclose", "", LR::None, nullptr},
    {"fflush", "", LR::None, nullptr},
    {"fseek", "", LR::None, nullptr},
    {"fseeko", "", LR::None, nullptr},
    {"ftell", "", LR::None, nullptr},
    {"ftello", "", LR::None, nullptr},
    {"rewind", "", LR::None, nullptr},
    {"feof", "", LR::None, nullptr},
    {"ferror", "", LR::None, nullptr},
    {"clearerr", "", LR::None, nullptr},
    {"fileno", "", LR::None, nullptr},
    {"flockfile", "", LR::None, nullptr},
    {"funlockfile", "", LR::None, nullptr},
    {"setvbuf", "e1", LR::None, nullptr},
    {"setbuf", "e1", LR::None, nullptr},
    {"perror", "rb0", LR::None, nullptr},
    {"remove", "rb0", LR::None, nullptr},
    {"rename", "rb0 rb1", LR::None, nullptr},
    {"tmpnam", "wb0 wh", LR::Hidden, Tmpnam},

    // <stdlib.h>.
    {"atoi", "rb0", LR::None, nullptr},
    {"atol", "rb0", LR::None, nullptr},
    {"atoll", "rb0", LR::None, nullptr},
    {"atof", "rb0", LR::None, nullptr},
    {"strtol", "rb0 w1 x1", LR::None, nullptr},
    {"strtoul", "rb0 w1 x1", LR::None, nullptr},
    {"strtoll", "rb0 w1 x1", LR::None, nullptr},
    {"strtoull", "rb0 w1 x1", LR::None, nullptr},
    {"strtoq", "rb0 w1 x1", LR::None, nullptr},
    {"strtouq", "rb0 w1 x1", LR::None, nullptr},
    {"strtod", "rb0 w1 x1", LR::None, nullptr},
    {"strtof", "rb0 w1 x1", LR::None, nullptr},
    {"strtold", "rb0 w1 x1", LR::None, nullptr},
    {"strtoimax", "rb0 w1 x1", LR::None, nullptr},
    {"strtoumax", "rb0 w1 x1", LR::None, nullptr},
    {"qsort", "mb0 c3", LR::None, nullptr},
    {"qsort_r", "mb0 c3", LR::None, nullptr},
    {"bsearch", "rb0 rb1 c4 a1", LR::IntoArg, nullptr},
    // glibc's rand() and random() lock their state (MT-Safe): two threads
    // calling them do not race there. drand48's state is not locked.
    {"rand", "", LR::None, nullptr},
    {"srand", "", LR::None, nullptr},
    {"rand_r", "m0", LR::None, nullptr},
    {"random", "", LR::None, nullptr},
    {"srandom", "", LR::None, nullptr},
    {"initstate", "eb1", LR::None, nullptr},
    {"setstate", "eb0", LR::None, nullptr},
    {"drand48", "mh", LR::None, Rand48},
    {"lrand48", "mh", LR::None, Rand48},
    {"mrand48", "mh", LR::None, Rand48},
    {"srand48", "wh", LR::None, Rand48},
    {"seed48", "rb0 wh", LR::Hidden, Rand48},
    {"lcong48", "rb0 wh", LR::None, Rand48},
    {"erand48", "mb0", LR::None, nullptr},
    {"nrand48", "mb0", LR::None, nullptr},
    {"jrand48", "mb0", LR::None, nullptr},
    {"getenv", "rb0 rh", LR::Hidden, Env},
    {"secure_getenv", "rb0 rh", LR::Hidden, Env},
    {"setenv", "rb0 rb1 wh", LR::None, Env},
    {"unsetenv", "rb0 wh", LR::None, Env},
    {"putenv", "rb0 wh e0", LR::None, Env},
    {"clearenv", "wh", LR::None, Env},
    {"mblen", "rb0 mh", LR::None, Mbstate},
    {"mbtowc", "w0 rb1 mh", LR::None, Mbstate},
    {"wctomb", "wb0 mh", LR::None, Mbstate},
    {"mbstowcs", "wb0 rb1", LR::None, nullptr},
    {"wcstombs", "wb0 rb1", LR::None, nullptr},
    {"ecvt", "w2 w3 wh", LR::Hidden, Ecvt},
    {"fcvt", "w2 w3 wh", LR::Hidden, Ecvt},
    {"gcvt", "wb1 a1", LR::IntoArg, nullptr},
    {"l64a", "wh", LR::Hidden, L64a},
    {"ptsname", "wh", LR::Hidden, Ptsname},
    {"realpath", "rb0 wb1 a1", LR::IntoArg, nullptr},
    {"mkstemp", "mb0", LR::None, nullptr},
    {"mkdtemp", "mb0 a0", LR::IntoArg, nullptr},
    {"system", "rb0", LR::None, nullptr},
    {"abort", "", LR::None, nullptr},
    {"exit", "", LR::None, nullptr},
    {"_exit", "", LR::None, nullptr},
    {"_Exit", "", LR::None, nullptr},
    {"quick_exit", "", LR::None, nullptr},
    {"atexit", "", LR::None, nullptr},
    {"abs", "", LR::None, nullptr},
    {"labs", "", LR::None, nullptr},
    {"llabs", "", LR::None, nullptr},
    {"div", "", LR::None, nullptr},
    {"ldiv", "", LR::None, nullptr},

    // <time.h>, <sys/time.h>.
    {"time", "w0", LR::None, nullptr},
    {"clock", "", LR::None, nullptr},
    {"difftime", "", LR::None, nullptr},
    {"clock_gettime", "w1", LR::None, nullptr},
    {"clock_getres", "w1", LR::None, nullptr},
    {"gettimeofday", "w0 w1", LR::None, nullptr},
    {"nanosleep", "r0 w1", LR::None, nullptr},
    {"clock_nanosleep", "r2 w3", LR::None, nullptr},
    {"sleep", "", LR::None, nullptr},
    {"usleep", "", LR::None, nullptr},
    {"localtime", "r0 wh", LR::Hidden, Time},
    {"gmtime", "r0 wh", LR::Hidden, Time},
    {"ctime", "r0 wh", LR::Hidden, Time},
    {"asctime", "rb0 wh", LR::Hidden, Time},
    {"localtime_r", "r0 wb1 a1", LR::IntoArg, nullptr},
    {"gmtime_r", "r0 wb1 a1", LR::IntoArg, nullptr},
    {"ctime_r", "r0 wb1 a1", LR::IntoArg, nullptr},
    {"asctime_r", "rb0 wb1 a1", LR::IntoArg, nullptr},
    {"mktime", "mb0", LR::None, nullptr},
    {"timegm", "mb0", LR::None, nullptr},
    {"strftime", "wb0 rb2 rb3", LR::None, nullptr},
    {"strptime", "rb0 rb1 mb2", LR::None, nullptr},
    {"getdate", "rb0 wh", LR::Hidden, Getdate},

    // POSIX I/O.
    {"read", "wb1 <1:io", LR::None, nullptr},
    {"pread", "wb1 <1:io", LR::None, nullptr},
    {"pread64", "wb1 <1:io", LR::None, nullptr},
    {"write", "rb1 >1:io", LR::None, nullptr},
    {"pwrite", "rb1 >1:io", LR::None, nullptr},
    {"pwrite64", "rb1 >1:io", LR::None, nullptr},
    {"recv", "wb1 <1:io", LR::None, nullptr},
    {"recvfrom", "wb1 wb4 m5 <1:io", LR::None, nullptr},
    {"send", "rb1 >1:io", LR::None, nullptr},
    {"sendto", "rb1 rb4 >1:io", LR::None, nullptr},
    // The buffers an iovec or a msghdr names are not modelled as accesses
    // (as for a function without a row); the pointers in them travel.
    {"writev", "rb1 >>1:io", LR::None, nullptr},
    {"pwritev", "rb1 >>1:io", LR::None, nullptr},
    {"readv", "rb1 <<1:io", LR::None, nullptr},
    {"preadv", "rb1 <<1:io", LR::None, nullptr},
    {"sendmsg", "rb1 >>>1:io", LR::None, nullptr},
    {"recvmsg", "rb1 <<<1:io", LR::None, nullptr},
    // Message queues carry what their messages hold, pointers too.
    {"mq_send", "rb1 >1:io", LR::None, nullptr},
    {"mq_timedsend", "rb1 r4 >1:io", LR::None, nullptr},
    {"mq_receive", "wb1 w3 <1:io", LR::None, nullptr},
    {"mq_timedreceive", "wb1 w3 r4 <1:io", LR::None, nullptr},
    {"msgsnd", "rb1 >1:io", LR::None, nullptr},
    {"msgrcv", "wb1 <1:io", LR::None, nullptr},
    {"open", "rb0", LR::None, nullptr},
    {"open64", "rb0", LR::None, nullptr},
    {"openat", "rb1", LR::None, nullptr},
    {"creat", "rb0", LR::None, nullptr},
    {"close", "", LR::None, nullptr},
    {"lseek", "", LR::None, nullptr},
    {"fsync", "", LR::None, nullptr},
    {"ftruncate", "", LR::None, nullptr},
    {"dup", "", LR::None, nullptr},
    {"dup2", "", LR::None, nullptr},
    {"pipe", "wb0", LR::None, nullptr},
    {"stat", "rb0 wb1", LR::None, nullptr},
    {"lstat", "rb0 wb1", LR::None, nullptr},
    {"fstat", "wb1", LR::None, nullptr},
    {"stat64", "rb0 wb1", LR::None, nullptr},
    {"fstat64", "wb1", LR::None, nullptr},
    {"access", "rb0", LR::None, nullptr},
    {"unlink", "rb0", LR::None, nullptr},
    {"mkdir", "rb0", LR::None, nullptr},
    {"rmdir", "rb0", LR::None, nullptr},
    {"chdir", "rb0", LR::None, nullptr},
    {"getcwd", "wb0 a0", LR::IntoArg, nullptr},
    {"getpid", "", LR::None, nullptr},
    {"getppid", "", LR::None, nullptr},
    {"getuid", "", LR::None, nullptr},
    {"sched_yield", "", LR::None, nullptr},
    {"opendir", "rb0", LR::Own, nullptr},
    {"fdopendir", "", LR::Own, nullptr},
    {"closedir", "", LR::None, nullptr},
    // The entry lives in the stream's own buffer (glibc: MT-Unsafe
    // race:dirstream only): one stream per thread does not race.
    {"readdir", "m0 a0", LR::IntoArg, nullptr},
    {"readdir64", "m0 a0", LR::IntoArg, nullptr},
    {"readdir_r", "wb1 w2", LR::None, nullptr},
    {"rewinddir", "", LR::None, nullptr},
    {"socket", "", LR::None, nullptr},
    {"bind", "rb1", LR::None, nullptr},
    {"connect", "rb1", LR::None, nullptr},
    {"listen", "", LR::None, nullptr},
    {"accept", "wb1 m2", LR::None, nullptr},
    {"shutdown", "", LR::None, nullptr},
    {"setsockopt", "rb3", LR::None, nullptr},
    {"getsockopt", "wb3 m4", LR::None, nullptr},
    {"getsockname", "wb1 m2", LR::None, nullptr},
    {"getpeername", "wb1 m2", LR::None, nullptr},
    {"select", "mb1 mb2 mb3 mb4", LR::None, nullptr},
    {"poll", "mb0", LR::None, nullptr},
    // The event's data (a connection pointer) comes back from epoll_wait.
    {"epoll_create", "", LR::None, nullptr},
    {"epoll_create1", "", LR::None, nullptr},
    {"epoll_ctl", "r3 >3:epoll", LR::None, nullptr},
    {"epoll_wait", "wb1 <1:epoll", LR::None, nullptr},
    {"epoll_pwait", "wb1 r4 <1:epoll", LR::None, nullptr},
    {"epoll_pwait2", "wb1 r3 r4 <1:epoll", LR::None, nullptr},
    {"inet_ntop", "rb1 wb2 a2", LR::IntoArg, nullptr},
    {"inet_pton", "rb1 wb2", LR::None, nullptr},
    {"inet_addr", "rb0", LR::None, nullptr},
    {"inet_aton", "rb0 w1", LR::None, nullptr},
    // glibc keeps inet_ntoa's buffer per thread (libc-strerror).
    {"inet_ntoa", "", LR::ThreadLocal, nullptr},
    {"htons", "", LR::None, nullptr},
    {"htonl", "", LR::None, nullptr},
    {"ntohs", "", LR::None, nullptr},
    {"ntohl", "", LR::None, nullptr},
    {"getaddrinfo", "rb0 rb1 rb2 n3", LR::None, nullptr},
    {"freeaddrinfo", "wo0", LR::None, nullptr},
    {"gai_strerror", "", LR::Own, nullptr},
    {"gethostbyname", "rb0 wh", LR::Hidden, Hostdb},
    {"gethostbyaddr", "rb0 wh", LR::Hidden, Hostdb},
    {"gethostent", "wh", LR::Hidden, Netdb},
    {"getservbyname", "rb0 rb1 wh", LR::Hidden, Netdb},
    {"getservbyport", "rb1 wh", LR::Hidden, Netdb},
    {"getprotobyname", "rb0 wh", LR::Hidden, Netdb},
    {"getpwnam", "rb0 wh", LR::Hidden, Passwd},
    {"getpwuid", "wh", LR::Hidden, Passwd},
    {"getpwent", "wh", LR::Hidden, Passwd},
    {"setpwent", "wh", LR::None, Passwd},
    {"endpwent", "wh", LR::None, Passwd},
    {"getpwnam_r", "rb0 wb1 wb2 w4", LR::None, nullptr},
    {"getpwuid_r", "wb1 wb2 w4", LR::None, nullptr},
    {"getgrnam", "rb0 wh", LR::Hidden, Group},
    {"getgrgid", "wh", LR::Hidden, Group},
    {"getgrent", "wh", LR::Hidden, Group},
    {"setgrent", "wh", LR::None, Group},
    {"endgrent", "wh", LR::None, Group},
    {"getlogin", "wh", LR::Hidden, Getlogin},
    {"ttyname", "wh", LR::Hidden, Ttyname},
    {"getutent", "wh", LR::Hidden, Utmp},
    {"getutid", "rb0 wh", LR::Hidden, Utmp},
    {"getutline", "rb0 wh", LR::Hidden, Utmp},
    {"setutent", "wh", LR::None, Utmp},
    {"endutent", "wh", LR::None, Utmp},
    {"getmntent", "wh", LR::Hidden, Mntent},
    {"setlocale", "rb1 wh", LR::Hidden, Locale},
    {"localeconv", "wh", LR::Hidden, Locale},
    {"nl_langinfo", "rh", LR::Hidden, Locale},
    {"getopt", "rb1 rb2 mh", LR::None, Getopt},
    {"getopt_long", "rb1 rb2 rb3 w4 mh", LR::None, Getopt},
    // glibc keeps the dynamic linker's error message per thread.
    {"dlerror", "", LR::ThreadLocal, nullptr},
    {"crypt", "rb0 rb1 wh", LR::Hidden, Crypt},
    {"hcreate", "wh", LR::None, Hsearch},
    {"hdestroy", "wh", LR::None, Hsearch},
    {"hsearch", "mh", LR::Hidden, Hsearch},
    {"basename", "mb0 wh a0", LR::IntoArg, Basename},
    {"dirname", "mb0 wh a0", LR::IntoArg, Basename},
    {"__xpg_basename", "mb0 wh a0", LR::IntoArg, Basename},
    {"lgamma", "wh", LR::None, Gamma},
    {"lgammaf", "wh", LR::None, Gamma},
    {"lgammal", "wh", LR::None, Gamma},

    // Thread-specific data: the value is the library's to hand back.
    {"pthread_setspecific", "e1", LR::None, nullptr},
    {"pthread_getspecific", "", LR::Escaped, nullptr},
    {"__errno_location", "", LR::ThreadLocal, nullptr},

    // <ctype.h>, <math.h> and friends: values only.
    {"isalpha", "", LR::None, nullptr},
    {"isdigit", "", LR::None, nullptr},
    {"isalnum", "", LR::None, nullptr},
    {"isspace", "", LR::None, nullptr},
    {"isupper", "", LR::None, nullptr},
    {"islower", "", LR::None, nullptr},
    {"isxdigit", "", LR::None, nullptr},
    {"isprint", "", LR::None, nullptr},
    {"ispunct", "", LR::None, nullptr},
    {"toupper", "", LR::None, nullptr},
    {"tolower", "", LR::None, nullptr},
    {"__ctype_b_loc", "", LR::ThreadLocal, nullptr},
    {"__ctype_tolower_loc", "", LR::ThreadLocal, nullptr},
    {"__ctype_toupper_loc", "", LR::ThreadLocal, nullptr},
    {"sqrt", "", LR::None, nullptr},
    {"pow", "", LR::None, nullptr},
    {"exp", "", LR::None, nullptr},
    {"log", "", LR::None, nullptr},
    {"log2", "", LR::None, nullptr},
    {"log10", "", LR::None, nullptr},
    {"sin", "", LR::None, nullptr},
    {"cos", "", LR::None, nullptr},
    {"tan", "", LR::None, nullptr},
    {"atan", "", LR::None, nullptr},
    {"atan2", "", LR::None, nullptr},
    {"floor", "", LR::None, nullptr},
    {"ceil", "", LR::None, nullptr},
    {"round", "", LR::None, nullptr},
    {"fabs", "", LR::None, nullptr},
    {"fmod", "", LR::None, nullptr},
    {"frexp", "w1", LR::None, nullptr},
    {"modf", "w1", LR::None, nullptr},

    // Runtime support, assertions and verifier intrinsics.
    {"__assert_fail", "rb0 rb1 rb3", LR::None, nullptr},
    {"assert", "", LR::None, nullptr},
    {"__stack_chk_fail", "", LR::None, nullptr},
    {"__cxa_atexit", "", LR::None, nullptr},
    {"__cxa_begin_catch", "", LR::Own, nullptr},
    {"__cxa_end_catch", "", LR::None, nullptr},
    {"__cxa_rethrow", "", LR::None, nullptr},
    {"__cxa_throw", "", LR::None, nullptr},
    {"__cxa_allocate_exception", "", LR::Fresh, nullptr},
    // Returns obj's header, in the allocation before obj; dest(obj) runs
    // when the exception dies, not at the call (exception-destructor).
    {"__cxa_init_primary_exception", "a0", LR::IntoArg, nullptr},
    // The standard error categories: singletons of the library's own. As
    // unknown functions their results were any escaped memory, and a call
    // of a category's virtual member (message(), equivalent()) called every
    // escaped virtual function with every escaped object as `this`.
    {"_ZSt15future_categoryv", "", LR::Own, nullptr},
    {"_ZSt17iostream_categoryv", "", LR::Own, nullptr},
    {"_ZNSt3_V216generic_categoryEv", "", LR::Own, nullptr},
    {"_ZNSt3_V215system_categoryEv", "", LR::Own, nullptr},
    {"__cxa_guard_acquire", "", LR::None, nullptr},
    {"__cxa_guard_release", "", LR::None, nullptr},
    {"__cxa_guard_abort", "", LR::None, nullptr},
    {"_ZSt9terminatev", "", LR::None, nullptr},
    {"__clang_call_terminate", "", LR::None, nullptr},
    {"__gxx_personality_v0", "", LR::None, nullptr},
    // libstdc++'s out-of-line red-black tree and list algorithms (std::map,
    // std::set, std::list): a node's neighbour is a pointer stored in one
    // of its link words (an rb-tree node is {color, parent, left, right},
    // a list node {next, prev}); an insertion links the node, its parent
    // and the header. As unknown functions their results were any escaped
    // memory, which smeared every tree's nodes over vtables; with links
    // anywhere in the node's object, a header that is a field of a larger
    // struct smeared its neighbours (docs/design-threadmodel.md).
    {"_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base", "rk0 a0 lw1-3", LR::StoredIn, nullptr},
    {"_ZSt18_Rb_tree_incrementPKSt18_Rb_tree_node_base", "rk0 a0 lw1-3", LR::StoredIn, nullptr},
    {"_ZSt18_Rb_tree_decrementPSt18_Rb_tree_node_base", "rk0 a0 lw1-3", LR::StoredIn, nullptr},
    {"_ZSt18_Rb_tree_decrementPKSt18_Rb_tree_node_base", "rk0 a0 lw1-3", LR::StoredIn, nullptr},
    {"_ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_", "mk1 mk2 mk3 ln lw1-3", LR::None, nullptr},
    {"_ZSt28_Rb_tree_rebalance_for_erasePSt18_Rb_tree_node_baseRS_", "mk0 mk1 ln a0 lw1-3", LR::Arg, nullptr},
    {"_ZNSt8__detail15_List_node_base7_M_hookEPS0_", "mk0 mk1 ln lw0-1", LR::None, nullptr},
    {"_ZNSt8__detail15_List_node_base9_M_unhookEv", "mo0 mt0", LR::None, nullptr},
    {"__VERIFIER_nondet_int", "", LR::None, nullptr},
    {"__VERIFIER_nondet_uint", "", LR::None, nullptr},
    {"__VERIFIER_nondet_bool", "", LR::None, nullptr},
    {"__VERIFIER_nondet_char", "", LR::None, nullptr},
    {"__VERIFIER_nondet_long", "", LR::None, nullptr},
    {"__VERIFIER_nondet_ulong", "", LR::None, nullptr},
    {"__VERIFIER_nondet_pointer", "", LR::Own, nullptr},
    {"__VERIFIER_assume", "", LR::None, nullptr},
    {"__VERIFIER_error", "", LR::None, nullptr},
    {"reach_error", "", LR::None, nullptr},
};
// clang-format on

/// glibc's header names for standard functions: C99 scanf under
/// _GNU_SOURCE-less compiles, C23 strtol and scanf (glibc 2.38), LFS.
const std::pair<const char *, const char *> Aliases[] = {
    {"__isoc99_scanf", "scanf"},
    {"__isoc99_fscanf", "fscanf"},
    {"__isoc99_sscanf", "sscanf"},
    {"__isoc99_vscanf", "vscanf"},
    {"__isoc99_vfscanf", "vfscanf"},
    {"__isoc99_vsscanf", "vsscanf"},
    {"__isoc23_scanf", "scanf"},
    {"__isoc23_fscanf", "fscanf"},
    {"__isoc23_sscanf", "sscanf"},
    {"__isoc23_vscanf", "vscanf"},
    {"__isoc23_vfscanf", "vfscanf"},
    {"__isoc23_vsscanf", "vsscanf"},
    {"__isoc23_strtol", "strtol"},
    {"__isoc23_strtoul", "strtoul"},
    {"__isoc23_strtoll", "strtoll"},
    {"__isoc23_strtoull", "strtoull"},
    {"__isoc23_strtoimax", "strtoimax"},
    {"__isoc23_strtoumax", "strtoumax"},
    {"__strdup", "strdup"},
    {"__strndup", "strndup"},
    {"__strtok_r", "strtok_r"},
    {"__getdelim", "getdelim"},
    {"__libc_malloc", "malloc"},
    {"__libc_free", "free"},
    {"readdir64_r", "readdir_r"},
    {"lstat64", "lstat"},
};

int parseIndex(StringRef S) {
  unsigned N;
  if (S.getAsInteger(10, N))
    report_fatal_error("LibcModel: bad argument index");
  return N;
}

LibcFunction parseRow(const Row &R) {
  LibcFunction F;
  F.Name = R.Name;
  F.Ret = R.Ret;
  F.Hidden = R.Hidden ? StringRef(R.Hidden) : StringRef();
  SmallVector<StringRef, 8> Items;
  StringRef(R.Spec).split(Items, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef It : Items) {
    char Op = It[0];
    StringRef Rest = It.drop_front();
    if (It == "cp") {
      F.CopiesPointers = true;
    } else if (It == "kh") {
      F.KeepsArg0 = true;
    } else if (It == "ln") {
      F.Links = true;
    } else if (It.starts_with("lw")) {
      auto [First, Last] = It.drop_front(2).split('-');
      F.LinkWords = {parseIndex(First), parseIndex(Last)};
    } else if (Op == 'a') {
      F.RetArg = parseIndex(Rest);
    } else if (Op == 'p' || Op == 'f') {
      F.FormatArg = parseIndex(Rest);
      F.Format = Op == 'p' ? LibcFormat::Print : LibcFormat::Scan;
    } else if (Op == 'c') {
      F.Callback = parseIndex(Rest);
    } else if (Op == 'e') {
      // "eb1": the argument escapes (the extent letter is documentation).
      F.Escapes = parseIndex(Rest.ltrim("b"));
    } else if (Op == '>' || Op == '<') {
      F.ChannelDepth = 1 + Rest.size();
      Rest = Rest.ltrim(Op);
      F.ChannelDepth -= Rest.size();
      auto [Index, Channel] = Rest.split(':');
      if (Channel.empty())
        report_fatal_error("LibcModel: a channel item without a channel");
      (Op == '>' ? F.SendsArg : F.ReceivesArg) = parseIndex(Index);
      F.Channel = Channel;
    } else if (Op == 'x') {
      F.StoresArg0Into = parseIndex(Rest);
    } else if (Op == 'n') {
      F.StoresFreshInto = parseIndex(Rest);
    } else if (Op == 'r' || Op == 'w' || Op == 'm') {
      LibcExtent E = LibcExtent::Pointee;
      int Arg = -1;
      if (Rest == "h") {
        E = LibcExtent::Hidden;
      } else if (Rest == "s") {
        E = LibcExtent::HiddenStored;
      } else {
        switch (Rest[0]) {
        case 'b':
          E = LibcExtent::Rest;
          break;
        case 'o':
          E = LibcExtent::Block;
          break;
        case 'j':
          E = LibcExtent::Object;
          break;
        case 't':
          E = LibcExtent::Stored;
          break;
        case 'l':
          E = LibcExtent::VaList;
          break;
        case 'k':
          E = LibcExtent::Links;
          break;
        default:
          break;
        }
        Arg = parseIndex(isdigit(Rest[0]) ? Rest : Rest.drop_front());
      }
      if ((E == LibcExtent::Hidden || E == LibcExtent::HiddenStored) &&
          !R.Hidden)
        report_fatal_error("LibcModel: hidden access without hidden state");
      // Reads first: a read-modify-write is read, then written.
      if (Op != 'w')
        F.Accesses.push_back({Arg, false, E});
      if (Op != 'r')
        F.Accesses.push_back({Arg, true, E});
    } else {
      report_fatal_error("LibcModel: bad table item");
    }
  }
  if (!F.LinkWords && any_of(F.Accesses, [](const LibcAccess &A) {
        return A.Extent == LibcExtent::Links;
      }))
    report_fatal_error("LibcModel: a node access without link words");
  return F;
}

/// Name or alias -> row; an alias shares its standard name's row.
const StringMap<const LibcFunction *> &libcTable() {
  static const std::vector<LibcFunction> Parsed = [] {
    std::vector<LibcFunction> V;
    for (const Row &R : Rows)
      V.push_back(parseRow(R));
    return V;
  }();
  static const StringMap<const LibcFunction *> T = [] {
    StringMap<const LibcFunction *> M;
    for (const LibcFunction &F : Parsed)
      M[F.Name] = &F;
    for (auto [Alias, Name] : Aliases)
      M[Alias] = M.lookup(Name);
    return M;
  }();
  return T;
}

/// The pointer arguments a constant format string reads or writes: for each
/// conversion, its argument index relative to the first variadic argument,
/// whether it writes, and whether it is a string (Rest) or a scalar.
struct Conversion {
  unsigned Index;
  bool IsWrite;
  bool IsString;
};
std::optional<SmallVector<Conversion, 4>> parseFormat(StringRef Fmt,
                                                      LibcFormat Kind) {
  SmallVector<Conversion, 4> Out;
  unsigned Next = 0;
  for (size_t I = 0; I < Fmt.size(); ++I) {
    if (Fmt[I] != '%')
      continue;
    if (++I < Fmt.size() && Fmt[I] == '%')
      continue;
    bool Suppressed = false;
    if (Kind == LibcFormat::Scan && I < Fmt.size() && Fmt[I] == '*') {
      Suppressed = true;
      ++I;
    }
    // Flags, field width, precision, length modifiers; a `*` width or
    // precision of printf takes an int argument of its own.
    while (I < Fmt.size() &&
           StringRef("-+ #0'123456789.*hlLqjztm$I").contains(Fmt[I])) {
      if (Fmt[I] == '$')
        return std::nullopt; // Positional arguments: give up.
      if (Fmt[I] == '*')
        ++Next;
      ++I;
    }
    if (I >= Fmt.size())
      break;
    char C = Fmt[I];
    if (C == '[') {
      // A scanset: `]` right after `[` or `[^` belongs to the set.
      size_t J = I + 1;
      if (J < Fmt.size() && Fmt[J] == '^')
        ++J;
      if (J < Fmt.size() && Fmt[J] == ']')
        ++J;
      while (J < Fmt.size() && Fmt[J] != ']')
        ++J;
      I = J;
    }
    if (Suppressed)
      continue;
    unsigned Index = Next++;
    bool IsString = C == 's' || C == 'S' || C == '[' || C == 'c' || C == 'C';
    if (Kind == LibcFormat::Print) {
      if (C == 'n')
        Out.push_back({Index, true, false});
      else if (C == 's' || C == 'S')
        Out.push_back({Index, false, true});
      // Other conversions take values, `%p` included.
    } else {
      Out.push_back({Index, true, IsString});
    }
  }
  return Out;
}
} // namespace

uint64_t dereferenceableBytes(const CallBase &CB, unsigned Arg) {
  if (uint64_t N = CB.getParamDereferenceableBytes(Arg))
    return N;
  const Function *F = CB.getCalledFunction();
  return F && Arg < F->arg_size() ? F->getParamDereferenceableBytes(Arg) : 0;
}

uint64_t libcExtentBytes(const LibcFunction &Row, LibcExtent E,
                         const CallBase &CB, unsigned Arg) {
  if (E == LibcExtent::Object)
    return dereferenceableBytes(CB, Arg);
  if (E == LibcExtent::Links && Row.LinkWords) {
    const Module *M = CB.getModule();
    unsigned PtrBytes = M ? M->getDataLayout().getPointerSize() : 8;
    return uint64_t(Row.LinkWords->second + 1) * PtrBytes;
  }
  return 0;
}

const LibcFunction *lookupLibc(StringRef Name) {
  if (const LibcFunction *Row = libcTable().lookup(Name))
    return Row;
  return cxxStringRow(Name);
}

bool libcMayKeepArgument(const LibcFunction &Row, unsigned J) {
  return Row.Escapes == int(J) || Row.Callback >= 0 ||
         (J == 0 && (Row.KeepsArg0 || Row.StoresArg0Into >= 0)) || Row.Links ||
         Row.Ret == LibcReturn::IntoArg || Row.Ret == LibcReturn::Arg ||
         Row.Ret == LibcReturn::StoredIn || Row.Ret == LibcReturn::Fresh ||
         Row.CopiesPointers;
}

SmallVector<LibcAccess, 4> libcAccessesOf(const LibcFunction &Row,
                                          const CallBase &CB) {
  SmallVector<LibcAccess, 4> Out(Row.Accesses.begin(), Row.Accesses.end());
  if (Row.Format == LibcFormat::None ||
      unsigned(Row.FormatArg) >= CB.arg_size())
    return Out;
  unsigned First = Row.FormatArg + 1;
  StringRef Fmt;
  std::optional<SmallVector<Conversion, 4>> Convs;
  if (getConstantStringInfo(CB.getArgOperand(Row.FormatArg), Fmt))
    Convs = parseFormat(Fmt, Row.Format);
  if (!Convs) {
    // Unknown format: every pointer argument after it, read (printf) or
    // written (scanf), as a string or buffer.
    bool Write = Row.Format == LibcFormat::Scan;
    for (unsigned I = First; I < CB.arg_size(); ++I)
      Out.push_back({int(I), Write, LibcExtent::Rest});
    return Out;
  }
  for (const Conversion &C : *Convs)
    Out.push_back({int(First + C.Index), C.IsWrite,
                   C.IsString ? LibcExtent::Rest : LibcExtent::Pointee});
  return Out;
}

bool isCancellationPoint(StringRef N) {
  return is_contained({"accept",
                       "aio_suspend",
                       "clock_nanosleep",
                       "close",
                       "connect",
                       "creat",
                       "fdatasync",
                       "fsync",
                       "lockf",
                       "mq_receive",
                       "mq_send",
                       "mq_timedreceive",
                       "mq_timedsend",
                       "msgrcv",
                       "msgsnd",
                       "msync",
                       "nanosleep",
                       "open",
                       "openat",
                       "pause",
                       "poll",
                       "pread",
                       "pselect",
                       "pthread_cond_timedwait",
                       "pthread_cond_wait",
                       "pthread_join",
                       "pthread_testcancel",
                       "pwrite",
                       "read",
                       "readv",
                       "recv",
                       "recvfrom",
                       "recvmsg",
                       "select",
                       "sem_timedwait",
                       "sem_wait",
                       "send",
                       "sendmsg",
                       "sendto",
                       "sigsuspend",
                       "sigtimedwait",
                       "sigwait",
                       "sigwaitinfo",
                       "sleep",
                       "system",
                       "tcdrain",
                       "usleep",
                       "wait",
                       "waitid",
                       "waitpid",
                       "write",
                       "writev"},
                      N);
}

} // namespace racesift
