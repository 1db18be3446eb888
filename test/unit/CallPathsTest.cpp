//===- CallPathsTest.cpp - Call paths of thread graphs and call graphs ----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/ThreadModel/CallPaths.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <catch2/catch.hpp>

using namespace racesift;

namespace {
SourceLoc at(unsigned Line, const char *Fn) {
  SourceLoc L;
  L.File = "t.c";
  L.Line = Line;
  L.Function = Fn;
  return L;
}

/// F's graph: the actions of Chain one after the other.
void addChain(ThreadModel &TM, llvm::Function *F, std::vector<Action> Chain) {
  FunctionGraph G;
  G.F = F;
  G.NumNodes = Chain.size() + 1;
  G.Exit = Chain.size();
  for (unsigned I = 0; I < Chain.size(); ++I)
    G.Edges.push_back({I, I + 1, Chain[I]});
  TM.FunctionIndex[F] = TM.Functions.size();
  TM.Functions.push_back(G);
}

/// start calls mid (line 5) and then leaf (line 6); mid calls leaf (line
/// 10); leaf writes x (line 14). Template 0 starts at start, template 1 at
/// run, which calls start from a system header (as std::thread does).
struct Calls {
  llvm::LLVMContext Ctx;
  llvm::Module M{"m", Ctx};
  ThreadModel TM;

  Calls() {
    auto *FT = llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), false);
    auto Fn = [&](const char *Name) {
      return llvm::Function::Create(FT, llvm::Function::ExternalLinkage, Name,
                                    M);
    };
    llvm::Function *Start = Fn("start"), *Mid = Fn("mid"), *Leaf = Fn("leaf"),
                   *Run = Fn("run");
    auto Call = [&](llvm::Function *Callee, SourceLoc L) {
      Action A;
      A.Kind = ActionKind::Call;
      A.Callees = {Callee};
      A.Loc = L;
      return A;
    };
    auto Graph = [&](llvm::Function *F, std::vector<Action> Chain) {
      addChain(TM, F, std::move(Chain));
    };
    Action Write;
    Write.Kind = ActionKind::Write;
    Write.Loc = at(14, "leaf");
    Graph(Start, {Call(Mid, at(5, "start")), Call(Leaf, at(6, "start"))});
    Graph(Mid, {Call(Leaf, at(10, "mid"))});
    Graph(Leaf, {Write});
    SourceLoc Sys = at(252, "run");
    Sys.File = "/usr/include/c++/12/bits/std_thread.h";
    Graph(Run, {Call(Start, Sys)});
    for (llvm::Function *F : {Start, Run}) {
      ThreadTemplate T;
      T.Id = TM.Templates.size();
      T.Entry = F;
      T.Name = "start";
      TM.Templates.push_back(T);
    }
  }
  const llvm::Function *leaf() { return M.getFunction("leaf"); }
};

std::vector<unsigned> lines(const std::vector<SourceLoc> &Path) {
  std::vector<unsigned> Out;
  for (const SourceLoc &L : Path)
    Out.push_back(L.Line);
  return Out;
}
} // namespace

TEST_CASE("call paths: a thread graph's edges know their inlined calls",
          "[threadmodel]") {
  Calls C;
  // Through std::thread's machinery or not, the thread starts at start.
  for (TemplateId T : {0, 1}) {
    ThreadGraph G = buildThreadGraph(
        C.TM, T, [](const Action &A) { return A.Kind == ActionKind::Write; });
    std::vector<std::vector<unsigned>> Paths;
    std::vector<unsigned> Depths;
    for (const ActionEdge &E : G.Edges)
      if (E.A.Kind == ActionKind::Write) {
        Paths.push_back(lines(G.callPath(E.Context)));
        Depths.push_back(G.callDepth(E.Context));
      }
    std::sort(Paths.begin(), Paths.end());
    std::sort(Depths.begin(), Depths.end());
    // Each inlined copy of leaf has the calls that led to it.
    CHECK(Paths == std::vector<std::vector<unsigned>>{{5, 10}, {6}});
    CHECK(Depths == std::vector<unsigned>{1, 2});
    CHECK(G.callPath(0).empty());
    REQUIRE(G.Calls.size() == 4);
    CHECK(G.callPath(2).back().Function == "mid");
  }
}

TEST_CASE("call paths: an example path is a shortest one", "[threadmodel]") {
  Calls C;
  CallPathFinder Finder(C.TM);
  std::vector<SourceLoc> P = Finder.shortestPath(0, C.leaf());
  CHECK(lines(P) == std::vector<unsigned>{6});
  CHECK(P[0].Function == "start");
  CHECK(lines(Finder.shortestPath(0, C.M.getFunction("mid"))) ==
        std::vector<unsigned>{5});
  // The start routine itself, and a template that does not exist.
  CHECK(Finder.shortestPath(0, C.M.getFunction("start")).empty());
  CHECK(Finder.shortestPath(7, C.leaf()).empty());
  // Without std::thread's call of start.
  CHECK(lines(Finder.shortestPath(1, C.leaf())) == std::vector<unsigned>{6});
}

TEST_CASE("context-parameters: an access through a parameter is kept only "
          "where the argument may point to the location",
          "[threadmodel]") {
  // start: add(&o0) at line 5, twice(&o1) at line 6; twice(p): add(p) at
  // line 10; add(q): write q->n at line 14, objects {o0, o1}, through q.
  llvm::LLVMContext Ctx;
  llvm::Module M{"m", Ctx};
  auto *Ptr = llvm::PointerType::get(Ctx, 0);
  auto *FT = llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), {Ptr}, false);
  auto Fn = [&](const char *Name) {
    return llvm::Function::Create(FT, llvm::Function::ExternalLinkage, Name, M);
  };
  llvm::Function *Start = Fn("start"), *Twice = Fn("twice"), *Add = Fn("add");
  ThreadModel TM;
  Access W;
  W.IsWrite = true;
  W.Locs = {MemLoc{0, 0}, MemLoc{1, 0}};
  W.BaseParam = 0;
  TM.Accesses.push_back(W);
  auto Call = [&](llvm::Function *Callee, unsigned Line, int32_t Param,
                  std::vector<ObjectId> Objects) {
    Action A;
    A.Kind = ActionKind::Call;
    A.Callees = {Callee};
    A.Loc = at(Line, "");
    A.ArgParams = {Param};
    A.ArgObjects = {std::move(Objects)};
    return A;
  };
  auto Graph = [&](llvm::Function *F, std::vector<Action> Chain) {
    addChain(TM, F, std::move(Chain));
  };
  Action Write;
  Write.Kind = ActionKind::Write;
  Write.Acc = 0;
  Write.Loc = at(14, "add");
  // twice's argument is its parameter: what start passes it, {o1}, though
  // the argument alone may point to both objects.
  Graph(Start, {Call(Add, 5, -1, {0}), Call(Twice, 6, -1, {1})});
  Graph(Twice, {Call(Add, 10, 0, {0, 1})});
  Graph(Add, {Write});
  ThreadTemplate T;
  T.Entry = Start;
  T.Name = "start";
  TM.Templates.push_back(T);

  auto WritePaths = [&](const MemLoc *Loc) {
    ThreadGraph G = buildThreadGraph(
        TM, 0, [](const Action &A) { return A.Kind == ActionKind::Write; },
        DefaultMaxGraphNodes, nullptr, Loc);
    std::vector<std::vector<unsigned>> Paths;
    for (const ActionEdge &E : G.Edges)
      if (E.A.Kind == ActionKind::Write)
        Paths.push_back(lines(G.callPath(E.Context)));
    std::sort(Paths.begin(), Paths.end());
    return Paths;
  };
  MemLoc O0{0, 0}, O1{1, 0}, O2{2, 0};
  CHECK(WritePaths(nullptr) ==
        std::vector<std::vector<unsigned>>{{5}, {6, 10}});
  CHECK(WritePaths(&O0) == std::vector<std::vector<unsigned>>{{5}});
  CHECK(WritePaths(&O1) == std::vector<std::vector<unsigned>>{{6, 10}});
  CHECK(WritePaths(&O2).empty());
  // Not known: an unknown argument keeps the access.
  TM.Functions[0].Edges[0].A.ArgObjects = {{}};
  CHECK(WritePaths(&O1) == std::vector<std::vector<unsigned>>{{5}, {6, 10}});
  // An access not through a parameter is kept everywhere.
  TM.Accesses[0].BaseParam = -1;
  CHECK(WritePaths(&O2) == std::vector<std::vector<unsigned>>{{5}, {6, 10}});

  // context-parameter-loads: through a pointer loaded from the parameter's
  // objects: o0 holds a pointer to o2, o1 one to o3.
  TM.Functions[0].Edges[0].A.ArgObjects = {{0}};
  TM.Accesses[0].Locs = {MemLoc{2, 0}, MemLoc{3, 0}};
  TM.Accesses[0].LoadParam = 0;
  TM.Accesses[0].LoadParamContents = {{0, {2}}, {1, {3}}};
  MemLoc O3{3, 0};
  CHECK(WritePaths(&O2) == std::vector<std::vector<unsigned>>{{5}});
  CHECK(WritePaths(&O3) == std::vector<std::vector<unsigned>>{{6, 10}});
  CHECK(WritePaths(&O0).empty());
  // An object the load was not known to read from keeps the access.
  TM.Accesses[0].LoadParamContents = {{0, {2}}};
  CHECK(WritePaths(&O3) == std::vector<std::vector<unsigned>>{{6, 10}});
}
