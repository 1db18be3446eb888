//===- ThreadModelTest.cpp - describeAction, describe, graphOf ------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace racesift;

namespace {
/// A model with a lock `m`, a global `x`, a heap site and two data vars.
ThreadModel handModel() {
  ThreadModel TM;
  auto AddObj = [&](ObjectKind K, const char *Name, bool Singleton) {
    MemObject O;
    O.Id = TM.Objects.size();
    O.Kind = K;
    O.Name = Name;
    O.Singleton = Singleton;
    TM.Objects.push_back(O);
  };
  AddObj(ObjectKind::Global, "m", true);
  AddObj(ObjectKind::Global, "x", true);
  AddObj(ObjectKind::Heap, "heap@t.c:3", false);
  Access A;
  A.Id = 0;
  A.IsWrite = true;
  A.IsAtomic = true;
  A.Locs = {{1, 0}};
  A.Name = "x";
  TM.Accesses.push_back(A);
  for (const char *N : {"i", "flag"}) {
    DataVar V;
    V.Id = TM.DataVars.size();
    V.IsMemory = true;
    V.Name = N;
    TM.DataVars.push_back(V);
  }
  return TM;
}
} // namespace

TEST_CASE("describeAction: locks, kinds and may", "[threadmodel]") {
  ThreadModel TM = handModel();
  Action A;
  A.Kind = ActionKind::Lock;
  A.Objects = {{0, 0}};
  A.MustObject = true;
  CHECK(describeAction(TM, A) == "lock m");
  A.Lock = LockKind::RecursiveMutex;
  CHECK(describeAction(TM, A) == "lock m (recursive)");
  A.Kind = ActionKind::Unlock;
  CHECK(describeAction(TM, A) == "unlock m (recursive)");
  A.Lock = LockKind::RWLock;
  A.Kind = ActionKind::Lock;
  A.Mode = LockMode::Shared;
  CHECK(describeAction(TM, A) == "rdlock m");
  A.Lock = LockKind::Mutex;
  A.MustObject = false;
  A.Objects = {{0, 0}, {2, 0}};
  CHECK(describeAction(TM, A) == "lock {heap@t.c:3, m} (may)");
}

TEST_CASE("describeAction: accesses and tracked data", "[threadmodel]") {
  ThreadModel TM = handModel();
  Action W;
  W.Kind = ActionKind::Write;
  W.Acc = 0;
  CHECK(describeAction(TM, W) == "atomic write x");
  Action As;
  As.Kind = ActionKind::Assign;
  As.Var = 0;
  As.HasConst = true;
  As.Const = 0;
  CHECK(describeAction(TM, As) == "assign i := 0");
  As.HasConst = false;
  As.SrcVar = 0;
  As.Const = 1;
  CHECK(describeAction(TM, As) == "assign i := i + 1");
  As.Const = -2;
  CHECK(describeAction(TM, As) == "assign i := i - 2");
  As.Const = 0;
  As.SrcVar = 1;
  CHECK(describeAction(TM, As) == "assign i := flag");
  As.SrcVar = NoDataVar;
  CHECK(describeAction(TM, As) == "assign i := ?");
  Action Au;
  Au.Kind = ActionKind::Assume;
  Au.Var = 0;
  Au.Pred = GuardPred::LT;
  Au.Const = 4;
  CHECK(describeAction(TM, Au) == "assume i < 4");
  Au.Pred = GuardPred::GE;
  CHECK(describeAction(TM, Au) == "assume i >= 4");
}

TEST_CASE("action kinds: each has its own name, printed first",
          "[threadmodel]") {
  ThreadModel TM = handModel();
  std::set<std::string> Names;
  for (unsigned K = 0; K < NumActionKinds; ++K) {
    Action A;
    A.Kind = static_cast<ActionKind>(K);
    A.Acc = 99; // Not the atomic access, whose text starts "atomic".
    std::string Name = actionKindName(A.Kind);
    INFO("kind " << K << " " << Name);
    CHECK(!Name.empty());
    CHECK(Names.insert(Name).second);
    CHECK(llvm::StringRef(describeAction(TM, A)).starts_with(Name));
  }
  CHECK(Names.size() == NumActionKinds);
  CHECK(std::string(actionKindName(ActionKind::Internal)) == "tau");
  CHECK(std::string(actionKindName(ActionKind::AtomicUpdate)) == "atomic");
}

TEST_CASE("ThreadModel::describe names fields and offsets", "[threadmodel]") {
  ThreadModel TM = handModel();
  CHECK(TM.describe({1, 0}) == "x");
  CHECK(TM.describe({2, 8}) == "heap@t.c:3+8");
  CHECK(TM.describe({2, AnyOffset}) == "heap@t.c:3+?");
  CHECK(TM.describe({99, 0}) == "?");
}

TEST_CASE("ThreadModel::graphOf finds modelled functions", "[threadmodel]") {
  llvm::LLVMContext Ctx;
  llvm::Module M("m", Ctx);
  auto *FT = llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), false);
  auto *F = llvm::Function::Create(FT, llvm::Function::ExternalLinkage, "f", M);
  auto *G = llvm::Function::Create(FT, llvm::Function::ExternalLinkage, "g", M);
  auto *H = llvm::Function::Create(FT, llvm::Function::ExternalLinkage, "h", M);
  ThreadModel TM;
  FunctionGraph GF, GG;
  GF.F = F;
  GF.NumNodes = 3;
  GG.F = G;
  GG.NumNodes = 5;
  TM.Functions = {GF, GG};
  TM.FunctionIndex[F] = 0;
  // Without an index entry, graphOf falls back to a scan.
  REQUIRE(TM.graphOf(F));
  CHECK(TM.graphOf(F)->NumNodes == 3);
  REQUIRE(TM.graphOf(G));
  CHECK(TM.graphOf(G)->NumNodes == 5);
  CHECK(TM.graphOf(H) == nullptr);
}
