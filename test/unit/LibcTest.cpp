//===- LibcTest.cpp - The C library and POSIX table
//------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <catch2/catch.hpp>

using namespace racesift;
using namespace llvm;

namespace {
/// "r0", "w2", "wb1", "mh": one access as the table's notation writes it
/// (m is a read followed by a write of the same memory).
std::vector<std::string> notation(ArrayRef<LibcAccess> As) {
  std::vector<std::string> Out;
  for (const LibcAccess &A : As) {
    std::string S = A.IsWrite ? "w" : "r";
    switch (A.Extent) {
    case LibcExtent::Pointee:
      break;
    case LibcExtent::Rest:
      S += "b";
      break;
    case LibcExtent::Block:
      S += "o";
      break;
    case LibcExtent::Object:
      S += "j";
      break;
    case LibcExtent::Stored:
      S += "t";
      break;
    case LibcExtent::VaList:
      S += "l";
      break;
    case LibcExtent::Links:
      S += "k";
      break;
    case LibcExtent::Hidden:
      S += "h";
      break;
    case LibcExtent::HiddenStored:
      S += "s";
      break;
    }
    if (A.Arg >= 0)
      S += std::to_string(A.Arg);
    Out.push_back(S);
  }
  return Out;
}
using Strs = std::vector<std::string>;
} // namespace

TEST_CASE("libc table: glibc's names find the standard rows", "[libc]") {
  const LibcFunction *S = lookupLibc("__isoc99_sscanf");
  REQUIRE(S);
  CHECK(S->Name == "sscanf");
  CHECK(S == lookupLibc("sscanf")); // One row, not a copy that may drift.
  CHECK(S->Format == LibcFormat::Scan);
  CHECK(S->FormatArg == 1);
  CHECK(notation(S->Accesses) == Strs{"rb0", "rb1"});
  REQUIRE(lookupLibc("__isoc99_fscanf"));
  CHECK(lookupLibc("__isoc99_fscanf")->Name == "fscanf");
  REQUIRE(lookupLibc("__isoc23_strtol"));
  CHECK(lookupLibc("__isoc23_strtol")->StoresArg0Into == 1);
  CHECK(lookupLibc("no_such_function") == nullptr);
}

TEST_CASE("libc table: argument roles", "[libc]") {
  auto Row = [](StringRef N) {
    const LibcFunction *R = lookupLibc(N);
    REQUIRE(R);
    return R;
  };
  CHECK(notation(Row("free")->Accesses) == Strs{"wo0"});
  CHECK(notation(Row("realloc")->Accesses) == Strs{"ro0", "wo0"});
  CHECK(Row("realloc")->Ret == LibcReturn::Fresh);
  CHECK(notation(Row("memcpy")->Accesses) == Strs{"wb0", "rb1"});
  CHECK(Row("memcpy")->CopiesPointers);
  CHECK(notation(Row("getline")->Accesses) ==
        Strs{"r0", "w0", "wt0", "r1", "w1"});
  CHECK(Row("getline")->StoresFreshInto == 0);
  CHECK(notation(Row("strtok_r")->Accesses) ==
        Strs{"rb0", "wb0", "rb1", "r2", "w2", "rt2", "wt2"});
  CHECK(notation(Row("time")->Accesses) == Strs{"w0"});
  CHECK(notation(Row("read")->Accesses) == Strs{"wb1"});
  // Hidden state: lrand48 reads and writes its seed, srand48 writes it,
  // and getenv/setenv share the environment. glibc's rand and srand lock
  // theirs (MT-Safe): no program memory.
  CHECK(notation(Row("lrand48")->Accesses) == Strs{"rh", "wh"});
  CHECK(notation(Row("srand48")->Accesses) == Strs{"wh"});
  CHECK(Row("lrand48")->Hidden == Row("srand48")->Hidden);
  CHECK(Row("rand")->Accesses.empty());
  CHECK(Row("srand")->Accesses.empty());
  CHECK(Row("rand_r")->Hidden.empty());
  CHECK(notation(Row("getenv")->Accesses) == Strs{"rb0", "rh"});
  CHECK(Row("getenv")->Hidden == Row("setenv")->Hidden);
  CHECK(Row("localtime")->Hidden == Row("gmtime")->Hidden);
  CHECK(Row("localtime")->Ret == LibcReturn::Hidden);
  CHECK(Row("localtime_r")->Hidden.empty());
  // Pure functions capture nothing and return nothing that aliases.
  CHECK(Row("strlen")->Ret == LibcReturn::None);
  CHECK(Row("strlen")->Escapes == -1);
  CHECK(Row("strlen")->Callback == -1);
  CHECK(Row("qsort")->Callback == 3);
}

TEST_CASE("libc table: format strings map conversions to arguments", "[libc]") {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(R"(
@scan = private constant [12 x i8] c"%d %*d %s%n\00"
@print = private constant [11 x i8] c"%s %p %n%d\00"
define void @f(ptr %in, ptr %a, ptr %b, ptr %c, ptr %fmt) {
  call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr %in, ptr @scan, ptr %a, ptr %b, ptr %c)
  call i32 (ptr, ...) @printf(ptr @print, ptr %a, ptr %b, ptr %c, i32 1)
  call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr %in, ptr %fmt, ptr %a)
  ret void
}
declare i32 @__isoc99_sscanf(ptr, ptr, ...)
declare i32 @printf(ptr, ...)
)",
                                                  Err, Ctx);
  REQUIRE(M);
  std::vector<const CallBase *> Calls;
  for (Instruction &I : instructions(*M->getFunction("f")))
    if (auto *CB = dyn_cast<CallBase>(&I))
      Calls.push_back(CB);
  REQUIRE(Calls.size() == 3);
  // %d writes an int, %*d takes no argument, %s a string, %n an int.
  CHECK(notation(libcAccessesOf(*lookupLibc("sscanf"), *Calls[0])) ==
        Strs{"rb0", "rb1", "w2", "wb3", "w4"});
  // printf: %s reads a string, %p takes a value, %n writes.
  CHECK(notation(libcAccessesOf(*lookupLibc("printf"), *Calls[1])) ==
        Strs{"rb0", "rb1", "w3"});
  // An unknown format: every later pointer may be written.
  CHECK(notation(libcAccessesOf(*lookupLibc("sscanf"), *Calls[2])) ==
        Strs{"rb0", "rb1", "wb2"});
}

TEST_CASE("libc table: std::string members get rows from their names",
          "[libc]") {
  auto Row = [](const char *Mangled) { return lookupLibc(Mangled); };
  // s.append(const char *): reads and writes the string, reads the chars,
  // returns *this.
  const LibcFunction *Append =
      Row("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE6appendEPKc");
  REQUIRE(Append);
  CHECK(notation(Append->Accesses) == Strs{"rj0", "wj0", "rb1"});
  CHECK(Append->Ret == LibcReturn::Arg);
  CHECK(Append->RetArg == 0);
  // const members only read: size(), compare(const string &).
  const LibcFunction *Size =
      Row("_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE4sizeEv");
  REQUIRE(Size);
  CHECK(notation(Size->Accesses) == Strs{"rj0"});
  CHECK(notation(Row("_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcE"
                     "E7compareERKS4_")
                     ->Accesses) == Strs{"rj0", "rj1"});
  // swap(string &) writes both; copy(char *, n, pos) const writes the buffer.
  CHECK(notation(Row("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE4"
                     "swapERS4_")
                     ->Accesses) == Strs{"rj0", "wj0", "rj1", "wj1"});
  CHECK(notation(Row("_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcE"
                     "E4copyEPcmm")
                     ->Accesses) == Strs{"rj0", "wb1"});
  // substr returns a string by value: the result slot comes first.
  const LibcFunction *Substr =
      Row("_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE6substrEmm");
  REQUIRE(Substr);
  CHECK(notation(Substr->Accesses) == Strs{"wj0", "rj1"});
  CHECK(Substr->Ret == LibcReturn::None);
  // The old ABI's std::string (Ss), and wide strings.
  REQUIRE(Row("_ZNSs6appendEPKc"));
  CHECK(notation(Row("_ZNSs6appendEPKc")->Accesses) ==
        Strs{"rj0", "wj0", "rb1"});
  REQUIRE(
      Row("_ZNSt7__cxx1112basic_stringIwSt11char_traitsIwESaIwEE6appendEPKw"));
  // Static members take no object; other classes get no row.
  CHECK(!Row("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE13_S_copy_"
             "charsEPcPKcS7_"));
  CHECK(!Row("_ZNSt6thread4joinEv"));
  CHECK(!Row("_ZNSolsEi"));
}

TEST_CASE("libc table: only basic_string itself and its pointer field",
          "[libc]") {
  // _Alloc_hider's constructor stores the buffer pointer: a write of its
  // (8-byte) object, nothing of its char * argument.
  const LibcFunction *Hider =
      lookupLibc("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE12_"
                 "Alloc_hiderC1EPcRKS3_");
  REQUIRE(Hider);
  CHECK(notation(Hider->Accesses) == Strs{"wj0"});
  // A class template of another name that starts like it gets none.
  CHECK(!lookupLibc("_ZNSt7__cxx1118basic_stringstreamIcSt11char_traitsIcE"
                    "SaIcEE3strEv"));
}

TEST_CASE("libc table: libstdc++'s tree and list algorithms", "[libc]") {
  const LibcFunction *Next =
      lookupLibc("_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base");
  REQUIRE(Next);
  CHECK(notation(Next->Accesses) == Strs{"rk0"});
  CHECK(Next->Ret == LibcReturn::StoredIn);
  CHECK(Next->RetArg == 0);
  // {color, parent, left, right}: the neighbours are words 1 to 3.
  CHECK(Next->LinkWords == std::make_pair(1u, 3u));
  const LibcFunction *Insert = lookupLibc(
      "_ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_");
  REQUIRE(Insert);
  CHECK(notation(Insert->Accesses) ==
        Strs{"rk1", "wk1", "rk2", "wk2", "rk3", "wk3"});
  CHECK(Insert->Links);
  CHECK(libcMayKeepArgument(*Insert, 1));
  const LibcFunction *Hook =
      lookupLibc("_ZNSt8__detail15_List_node_base7_M_hookEPS0_");
  REQUIRE(Hook);
  CHECK(Hook->LinkWords == std::make_pair(0u, 1u));

  // A node access ends with the last link word, whatever follows the node
  // (std::map's node count after its header).
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(R"(
declare ptr @_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base(ptr)
declare void @_ZNSt8__detail15_List_node_base7_M_hookEPS0_(ptr, ptr)
define void @f(ptr %n) {
  %a = call ptr @_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base(ptr %n)
  call void @_ZNSt8__detail15_List_node_base7_M_hookEPS0_(ptr %n, ptr %a)
  ret void
}
)",
                                                  Err, Ctx);
  REQUIRE(M);
  auto It = M->getFunction("f")->getEntryBlock().begin();
  const auto &Inc = cast<CallBase>(*It++);
  const auto &HookCall = cast<CallBase>(*It);
  CHECK(libcExtentBytes(*Next, LibcExtent::Links, Inc, 0) == 32);
  CHECK(libcExtentBytes(*Hook, LibcExtent::Links, HookCall, 1) == 16);
  CHECK(libcExtentBytes(*Next, LibcExtent::Block, Inc, 0) == 0);
}

TEST_CASE("libc table: where a std::string member's this may be", "[libc]") {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(R"(
%"class.std::__cxx11::basic_string" = type { ptr, i64, [16 x i8] }
%struct.Config = type { i32, %"class.std::__cxx11::basic_string" }
@cfg = global %struct.Config zeroinitializer
@vtable = constant [2 x ptr] zeroinitializer
)",
                                                  Err, Ctx);
  REQUIRE(M);
  const DataLayout &DL = M->getDataLayout();
  MemObject Cfg, Table, Heap;
  Cfg.Site = M->getGlobalVariable("cfg");
  Table.Site = M->getGlobalVariable("vtable");
  // The field's start, not the int before it or a byte inside it.
  CHECK(mayHoldStringAt(Cfg, 8, DL));
  CHECK(!mayHoldStringAt(Cfg, 0, DL));
  CHECK(!mayHoldStringAt(Cfg, 16, DL));
  CHECK(mayHoldStringAt(Cfg, AnyOffset, DL));
  CHECK(!mayHoldStringAt(Table, 0, DL));
  CHECK(!mayHoldStringAt(Table, AnyOffset, DL));
  // Heap memory takes its type from its stores.
  CHECK(mayHoldStringAt(Heap, 24, DL));
}
