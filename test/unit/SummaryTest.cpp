//===- SummaryTest.cpp - Unit summaries: encoding and merging -------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "../../lib/Pass/Summary.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"

#include <catch2/catch.hpp>

using namespace llvm;
using namespace racesift;

static std::unique_ptr<Module> parse(LLVMContext &Ctx, StringRef IR) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  REQUIRE(M);
  return M;
}

static StringRef summaryBytes(const Module &M) {
  for (const GlobalVariable &G : M.globals())
    if (G.getSection() == SummarySection)
      return cast<ConstantDataSequential>(G.getInitializer())
          ->getRawDataValues();
  return "";
}

TEST_CASE("a summary holds the unit as it was, and splits back", "[summary]") {
  LLVMContext Ctx;
  auto M =
      parse(Ctx, "@g = global i32 0\n"
                 "define void @f() {\n  store i32 1, ptr @g\n  ret void\n}");
  CHECK_FALSE(hasSummaries(*M));
  CHECK(hasOptimisedCode(*M));
  embedSummary(*M);
  CHECK(hasSummaries(*M));
  // Its functions are now marked as summarised.
  CHECK_FALSE(hasOptimisedCode(*M));

  StringRef One = summaryBytes(*M);
  REQUIRE(One.starts_with("RSIFTSUM"));
  // Two summaries back to back, as a section of a relocatable link has them.
  std::string Two = (One + One).str();
  auto Parts = splitSummaries(Two);
  REQUIRE(static_cast<bool>(Parts));
  CHECK(Parts->size() == 2);
  CHECK((*Parts)[0] == (*Parts)[1]);

  auto Bad = splitSummaries(One.drop_back(1));
  REQUIRE_FALSE(static_cast<bool>(Bad));
  CHECK(toString(Bad.takeError()) == "a truncated unit summary");
  auto NotOne = splitSummaries("hello");
  REQUIRE_FALSE(static_cast<bool>(NotOne));
  CHECK(toString(NotOne.takeError()) == "not a RaceSift unit summary");
}

TEST_CASE("the program is built from the summaries, plus the units without",
          "[summary]") {
  LLVMContext Ctx;
  // A summarised unit whose code the "optimiser" then changed, and a unit
  // compiled without the plugin.
  auto A = parse(Ctx, "@g = global i32 0\n"
                      "declare void @helper()\n"
                      "define void @f() {\n  store i32 1, ptr @g\n"
                      "  call void @helper()\n  ret void\n}");
  embedSummary(*A);
  Function *F = A->getFunction("f");
  F->getEntryBlock().front().eraseFromParent(); // The store is gone.
  auto B = parse(Ctx, "define void @helper() {\n  call void @inner()\n"
                      "  ret void\n}\n"
                      "define internal void @inner() {\n  ret void\n}");
  Linker::linkModules(*A, std::move(B));

  LLVMContext Own;
  SummarisedProgram P = programFromSummaries(*A, Own);
  REQUIRE(P.Program);
  CHECK(P.Problem.empty());
  CHECK(P.Units == 1);
  // The store the optimiser removed is back.
  const Function *PF = P.Program->getFunction("f");
  REQUIRE(PF);
  CHECK(isa<StoreInst>(PF->getEntryBlock().front()));
  // helper comes from the linked module, and so does what it alone keeps.
  CHECK(P.Unsummarised == std::vector<std::string>{"helper", "inner"});
  const Function *H = P.Program->getFunction("helper");
  REQUIRE(H);
  CHECK_FALSE(H->isDeclaration());
  // Nothing of the summary travels into the program.
  CHECK_FALSE(hasSummaries(*P.Program));
}

TEST_CASE("-O0 code is not taken for optimised code", "[summary]") {
  LLVMContext Ctx;
  // What -O0 emits: optnone everywhere but where inlining is required.
  auto M = parse(Ctx, "define void @f() #0 {\n  ret void\n}\n"
                      "define void @g() #1 {\n  ret void\n}\n"
                      "attributes #0 = { noinline optnone }\n"
                      "attributes #1 = { alwaysinline }");
  CHECK_FALSE(hasOptimisedCode(*M));
  auto O2 = parse(Ctx, "define void @f() {\n  ret void\n}");
  CHECK(hasOptimisedCode(*O2));
}
