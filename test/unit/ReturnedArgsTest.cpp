//===- ReturnedArgsTest.cpp - Parameters a function returns as they are ---===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReturnedArgs.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <catch2/catch.hpp>

using namespace racesift;
using namespace llvm;

namespace {
const char *IR = R"(
declare ptr @malloc(i64)
@g = global ptr null

define ptr @identity(ptr %p) {
  ret ptr %p
}
; -O0 shape: the parameter spilled to a private slot, or a fresh block.
define ptr @grow(ptr %p, i32 %k) {
entry:
  %slot = alloca ptr
  store ptr %p, ptr %slot
  %c = icmp sgt i32 %k, 1
  br i1 %c, label %fresh, label %done
fresh:
  %n = call ptr @malloc(i64 16)
  store ptr %n, ptr %slot
  br label %done
done:
  %r = load ptr, ptr %slot
  ret ptr %r
}
define ptr @second(ptr %a, ptr %b) {
  %s = select i1 true, ptr %b, ptr @g
  ret ptr %s
}
; Returns what @identity returns for its second parameter.
define ptr @via(ptr %x, ptr %y) {
  %r = call ptr @identity(ptr %y)
  ret ptr %r
}
; A field of the parameter, and a slot whose address escapes: neither is
; the parameter itself.
define ptr @field(ptr %p) {
  %f = getelementptr i8, ptr %p, i64 8
  ret ptr %f
}
define ptr @member(ptr %this) {
  %slot = alloca ptr
  store ptr %this, ptr %slot
  %t = load ptr, ptr %slot
  %start = load ptr, ptr %t
  %e = getelementptr i32, ptr %start, i64 2
  ret ptr %e
}
define ptr @outer(ptr %w) {
  %r = call ptr @member(ptr %w)
  ret ptr %r
}
define ptr @either(ptr %a, i1 %c) {
  %n = load ptr, ptr %a
  %m = getelementptr i8, ptr %a, i64 8
  %s = select i1 %c, ptr %n, ptr %m
  %l = load ptr, ptr %s
  ret ptr %l
}
declare void @escape(ptr)
define ptr @escaped_slot(ptr %p) {
  %slot = alloca ptr
  store ptr %p, ptr %slot
  call void @escape(ptr %slot)
  %r = load ptr, ptr %slot
  ret ptr %r
}
)";
} // namespace

TEST_CASE("returned-argument finds parameters returned as they are",
          "[pointsto]") {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  REQUIRE(M);
  auto Found = findReturnedArgs(*M);
  auto Of = [&](StringRef Name) -> const ReturnSources * {
    auto It = Found.find(M->getFunction(Name));
    return It == Found.end() ? nullptr : &It->second;
  };

  REQUIRE(Of("identity"));
  CHECK(Of("identity")->Params == SmallVector<unsigned, 2>{0});
  CHECK(Of("identity")->Others.empty());

  REQUIRE(Of("grow"));
  CHECK(Of("grow")->Params == SmallVector<unsigned, 2>{0});
  REQUIRE(Of("grow")->Others.size() == 1);
  CHECK(isa<CallBase>(Of("grow")->Others[0]));

  REQUIRE(Of("second"));
  CHECK(Of("second")->Params == SmallVector<unsigned, 2>{1});
  REQUIRE(Of("second")->Others.size() == 1);
  CHECK(Of("second")->Others[0] == M->getNamedGlobal("g"));

  REQUIRE(Of("via"));
  CHECK(Of("via")->Params == SmallVector<unsigned, 2>{1});
  CHECK(Of("via")->Others.empty());
  CHECK(Of("via")->ReturnsOf ==
        SmallVector<const Function *, 2>{M->getFunction("identity")});

  // returned-path: GEPs and loads from a parameter (through its -O0
  // slot), and a call of such a getter on one, are stepped per call.
  REQUIRE(Of("field"));
  CHECK(Of("field")->Params.empty());
  CHECK(Of("field")->Paths.size() == 1);
  REQUIRE(Of("member"));
  CHECK(Of("member")->Paths.size() == 1);
  CHECK(Of("member")->Others.empty());
  REQUIRE(Of("outer"));
  REQUIRE(Of("outer")->Paths.size() == 1);
  CHECK(isa<CallBase>(Of("outer")->Paths[0]));
  // A select on the way is no path: its load is another value.
  CHECK_FALSE(Of("either"));
  CHECK_FALSE(Of("escaped_slot"));
}
