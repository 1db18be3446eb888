//===- LibcModel.h - What C library and POSIX functions touch ---*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one table of library functions without a body that RaceSift knows
// (lib/ThreadModel/LibcModel.cpp): the points-to constraints, the action
// graphs and the witness replay (lib/Validate) all read it, so what a
// function is taken to read and write is written down once.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_THREADMODEL_LIBCMODEL_H
#define RACESIFT_THREADMODEL_LIBCMODEL_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class CallBase;
} // namespace llvm

namespace racesift {

/// Which memory of an argument a libc function touches (LibcModel.cpp).
enum class LibcExtent : uint8_t {
  /// What the pointer denotes: a scalar out-parameter, or a string, which
  /// stays inside its char array (arrays are one location).
  Pointee,
  /// Every field from the pointer's offset to the end of its object: a
  /// sized buffer (memcpy, read) may span the fields of a struct.
  Rest,
  /// The whole object, at AnyOffset (free, realloc).
  Block,
  /// The C++ object the argument is, from the pointer's offset for as many
  /// bytes as the call says the argument is dereferenceable (a `this` or a
  /// reference of a std::string member: the string, not the struct it is a
  /// field of); without that, as Rest.
  Object,
  /// Through the pointer stored where the argument points, from its offset
  /// on (getline's buffer *lineptr, strtok_r's string *saveptr).
  Stored,
  /// The arguments a va_list carries (vsprintf, vscanf): what the pointers
  /// stored in what it points to point to.
  VaList,
  /// A linked node: from the pointer's offset through the node's last link
  /// word (LibcFunction::LinkWords), so a tree or list node that is a field
  /// of a larger struct (std::map's header) is not the whole struct.
  Links,
  /// The function's hidden state (no argument): see LibcFunction::Hidden.
  Hidden,
  /// From the offset on, the string whose address the hidden state keeps
  /// (strtok(NULL, ...) goes on with the string of an earlier call).
  HiddenStored,
};

/// One access a libc function makes.
struct LibcAccess {
  int Arg; ///< -1 for Hidden.
  bool IsWrite;
  LibcExtent Extent;
};

/// What the pointer a libc function returns may point to.
enum class LibcReturn : uint8_t {
  None,        ///< No pointer into program memory (or no pointer at all).
  Fresh,       ///< A new heap object (malloc, strdup, operator new).
  IntoArg,     ///< Into argument RetArg's object, at AnyOffset (strchr).
  Arg,         ///< Argument RetArg itself (a returned `*this`).
  StoredIn,    ///< A pointer stored in argument RetArg's object, or the
               ///< argument itself (a tree node's neighbour).
  Hidden,      ///< Into the function's hidden state (localtime, getenv).
  Own,         ///< Memory of the library's own, one object per callee (FILE).
  ThreadLocal, ///< The calling thread's own object (__errno_location).
  Escaped,     ///< Anything that escaped to unknown code (pthread_getspecific).
};

/// How a format argument's conversions map to the arguments after it.
enum class LibcFormat : uint8_t { None, Print, Scan };

/// One row of the C library / POSIX model: the memory a function without
/// a body reads and writes, what it returns, and what it calls back. A
/// function with a row captures no pointer (unless it says Escapes) and
/// calls back only Callback; a function without one follows the
/// unknown-external rule (docs/design-threadmodel.md).
struct LibcFunction {
  llvm::StringRef Name;
  llvm::SmallVector<LibcAccess, 3> Accesses;
  LibcReturn Ret = LibcReturn::None;
  int RetArg = -1; ///< IntoArg: the argument.
  /// A singleton object for state the function keeps between calls
  /// ("rand()", "the environment"): functions that share it name one group.
  llvm::StringRef Hidden;
  /// The format argument (or -1): with Print, `%s` reads and `%n` writes
  /// the matching argument; with Scan, every conversion but `%*` writes.
  /// Without a constant format every later pointer argument is read
  /// (Print: compromise "printf-n") or written (Scan).
  int FormatArg = -1;
  LibcFormat Format = LibcFormat::None;
  /// An argument that holds a function called back during the call (qsort's
  /// comparator), with the call's pointer arguments, or -1.
  int Callback = -1;
  /// An argument whose pointer the library keeps and may hand out later
  /// (pthread_setspecific's value), or -1.
  int Escapes = -1;
  /// Copies pointers from argument 1's object to argument 0's (memcpy).
  bool CopiesPointers = false;
  /// Stores a pointer into argument 0's object where this argument points
  /// (strtol's *endptr, strtok_r's *saveptr), or -1.
  int StoresArg0Into = -1;
  /// Stores a new heap object where this argument points (getline's
  /// *lineptr, posix_memalign, asprintf), or -1.
  int StoresFreshInto = -1;
  /// Keeps a pointer into argument 0's object in its hidden state (strtok).
  bool KeepsArg0 = false;
  /// Links its pointer arguments: each may be stored into the others'
  /// objects (a tree node inserted under its parent and the header).
  bool Links = false;
  /// The first and last pointer-sized words of a node that hold its
  /// neighbours (an rb-tree node's parent, left and right: words 1-3), if
  /// the function walks or relinks nodes: a neighbour is then what those
  /// words hold, not anything stored anywhere in the node's object.
  std::optional<std::pair<unsigned, unsigned>> LinkWords;
  /// pointer-channels: the pointers stored in argument SendsArg's object
  /// go into Channel (write to a pipe, epoll_ctl's event), and Channel's
  /// pointers are stored into argument ReceivesArg's object (read from
  /// one, epoll_wait's events); -1: none.
  llvm::StringRef Channel;
  int SendsArg = -1;
  int ReceivesArg = -1;
  /// How many pointers lead from the argument to the bytes: 1 for a
  /// buffer, 2 for writev's iovecs, 3 for sendmsg's msghdr.
  unsigned ChannelDepth = 1;
};

/// How many bytes argument Arg of CB is dereferenceable for, as the call or
/// else its callee says (a C++ `this` or reference); 0 if neither does.
uint64_t dereferenceableBytes(const llvm::CallBase &CB, unsigned Arg);

/// The bytes access extent E of Row touches through argument Arg of CB from
/// the pointer on: Object's dereferenceable bytes, Links' bytes through the
/// last link word; 0 when the extent does not bound them.
uint64_t libcExtentBytes(const LibcFunction &Row, LibcExtent E,
                         const llvm::CallBase &CB, unsigned Arg);

/// A member of std::basic_string (either ABI) or of its _Alloc_hider, as
/// its mangled name says (CxxStringRows.cpp): the rows and the replay's
/// string semantics both read it.
struct CxxStringMember {
  std::string Base; ///< "append", "basic_string", "_Alloc_hider", ...
  /// The parameters as demangled, "(char const*, unsigned long)", with the
  /// string class spelled S ("(S const&)").
  std::string Params;
  bool Const = false; ///< A const member function.
  bool Hider = false; ///< A member of the string's _Alloc_hider.
  /// std::__cxx11::basic_string<char>: the layout the replay knows.
  bool NewAbiChar = false;
};
std::optional<CxxStringMember> cxxStringMember(llvm::StringRef Mangled);

/// The row of Name, or null. glibc's aliases (`__isoc99_sscanf`,
/// `__isoc23_strtol`) find the row of the standard name.
const LibcFunction *lookupLibc(llvm::StringRef Name);

/// Whether Name is one of POSIX's required cancellation points (the
/// optional ones, stdio among them, are not).
bool isCancellationPoint(llvm::StringRef Name);

/// Whether a call of Row's function may keep the pointer it is given as
/// argument J beyond the call: the library keeps it (Escapes, KeepsArg0,
/// StoresArg0Into), returns a pointer into it or a copy (IntoArg, Fresh,
/// CopiesPointers), or calls something back with it.
bool libcMayKeepArgument(const LibcFunction &Row, unsigned J);

/// A libc call's accesses with its format string resolved: the table's
/// accesses, then one per pointer argument the format reads or writes.
llvm::SmallVector<LibcAccess, 4> libcAccessesOf(const LibcFunction &Row,
                                                const llvm::CallBase &CB);

} // namespace racesift

#endif // RACESIFT_THREADMODEL_LIBCMODEL_H
