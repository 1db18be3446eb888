//===- ReturnedArgs.cpp - Parameters a function returns as they are -------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A helper that may return its argument (`q = list_push(q, x)`,
// `p = xrealloc(p, n)`) joins, context-insensitively, every caller's
// argument into every caller's result: on sqlite3.c the realloc wrappers
// alone merged the parser stack with every array the library grows and
// with its callers' memory. The returned parameters are bound per call
// site instead: a call's result gets that call's own argument. This is no
// compromise: in one activation the returned value *is* the argument.
//
//===----------------------------------------------------------------------===//

#include "ReturnedArgs.h"
#include "AllocWrappers.h"
#include "FunctionGraphBuilder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

const Value *pathStep(const Value *V) {
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    const Value *Next = throughSlot(V);
    if (Next == V)
      return V;
    V = Next;
  }
  return V;
}

namespace {

class ReturnWalk {
  const DenseMap<const Function *, ReturnSources> &Found;
  SmallPtrSet<const Value *, 16> Seen;

public:
  ReturnSources Sources;

  explicit ReturnWalk(const DenseMap<const Function *, ReturnSources> &Found)
      : Found(Found) {}

  /// returned-path: V is a parameter after GEPs, loads and calls of
  /// functions with paths on such values (no phi, select or slot stored
  /// twice on the way), a few steps deep.
  bool isParamPath(const Value *V, unsigned Depth = 0) const {
    V = pathStep(V);
    if (Depth > 8)
      return false;
    if (isa<Argument>(V))
      return true;
    if (auto *GEP = dyn_cast<GEPOperator>(V))
      return isParamPath(GEP->getPointerOperand(), Depth + 1);
    if (auto *LI = dyn_cast<LoadInst>(V))
      return isParamPath(LI->getPointerOperand(), Depth + 1);
    if (auto *CB = dyn_cast<CallBase>(V)) {
      const Function *G = CB->getCalledFunction();
      auto It = G ? Found.find(G) : Found.end();
      return It != Found.end() && !It->second.Paths.empty() &&
             all_of(CB->args(), [&](const Use &A) {
               return !A->getType()->isPointerTy() ||
                      isParamPath(A.get(), Depth + 1);
             });
    }
    return false;
  }

  void walk(const Value *V) {
    // Casts keep the address; a GEP changes it and is an "other" value.
    V = V->stripPointerCasts();
    if (!Seen.insert(V).second)
      return;
    if (auto *A = dyn_cast<Argument>(V)) {
      Sources.Params.push_back(A->getArgNo());
      return;
    }
    if (auto *Phi = dyn_cast<PHINode>(V)) {
      for (const Value *In : Phi->incoming_values())
        walk(In);
      return;
    }
    if (auto *Sel = dyn_cast<SelectInst>(V)) {
      walk(Sel->getTrueValue());
      walk(Sel->getFalseValue());
      return;
    }
    if (auto *LI = dyn_cast<LoadInst>(V))
      if (auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
          AI && isPrivateSlot(*AI)) {
        for (const User *U : AI->users())
          if (auto *SI = dyn_cast<StoreInst>(U))
            walk(SI->getValueOperand());
        return;
      }
    // A call of a function that returns a parameter: that argument here.
    if (auto *CB = dyn_cast<CallBase>(V))
      if (const Function *Callee = CB->getCalledFunction()) {
        auto It = Found.find(Callee);
        if (It != Found.end()) {
          if (!is_contained(Sources.ReturnsOf, Callee))
            Sources.ReturnsOf.push_back(Callee);
          // Its paths are stepped again from this body's arguments: per
          // call of this one if they are paths too, else at this call.
          if (!It->second.Paths.empty()) {
            if (isParamPath(CB))
              Sources.Paths.push_back(CB);
            else
              Sources.Others.push_back(CB);
          }
          for (unsigned I : It->second.Params)
            if (I < CB->arg_size())
              walk(CB->getArgOperand(I));
          return;
        }
      }
    if (isa<Instruction>(V) && isParamPath(V))
      Sources.Paths.push_back(V);
    else
      Sources.Others.push_back(V);
  }
};

} // namespace

DenseMap<const Function *, ReturnSources> findReturnedArgs(const Module &M) {
  DenseMap<const Function *, ReturnSources> Found;
  // Until no summary changes: a function found lets its callers return
  // their own arguments through it (sqlite3_realloc64 -> sqlite3Realloc).
  // Summaries only grow, so this ends.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Function &F : M) {
      if (F.isDeclaration() || !F.getReturnType()->isPointerTy())
        continue;
      ReturnWalk W(Found);
      for (const BasicBlock &BB : F)
        if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()))
          if (const Value *V = RI->getReturnValue())
            W.walk(V);
      if (W.Sources.Params.empty() && W.Sources.Paths.empty())
        continue;
      llvm::sort(W.Sources.Params);
      W.Sources.Params.erase(
          std::unique(W.Sources.Params.begin(), W.Sources.Params.end()),
          W.Sources.Params.end());
      auto [It, New] = Found.try_emplace(&F);
      if (New || !(It->second == W.Sources)) {
        It->second = std::move(W.Sources);
        Changed = true;
      }
    }
  }
  return Found;
}

} // namespace racesift
