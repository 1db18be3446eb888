//===- InitClones.cpp - Fresh objects initialisers store ------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A summarised function's store `*(p + k) = fresh` runs, at every call, on
// what its caller passed as p: a store of that call's own object at each
// call site does exactly what the store did on the union of all callers'
// objects, provided every call is seen (the function is only called
// directly, and no caller outside the module exists), p is the parameter
// unchanged, and neither the store nor a call passing it on is in a loop
// or a recursion (one object per call).
//
//===----------------------------------------------------------------------===//

#include "InitClones.h"
#include "AllocWrappers.h"
#include "FunctionGraphBuilder.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {

/// Entries per function at most: past it the function passes nothing on
/// and its calls store their own objects.
constexpr unsigned MaxEntries = 16;

/// The parameter Ptr is a constant offset from, and that offset.
std::optional<std::pair<unsigned, int64_t>> paramOffset(const DataLayout &DL,
                                                        const Value *Ptr) {
  if (!Ptr->getType()->isPointerTy())
    return std::nullopt;
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  const Value *Base = Ptr->stripAndAccumulateConstantOffsets(
      DL, Off, /*AllowNonInbounds=*/true);
  auto *A = dyn_cast<Argument>(throughSlot(Base));
  if (!A || !A->getType()->isPointerTy())
    return std::nullopt;
  return std::make_pair(A->getArgNo(), Off.getSExtValue());
}

class Finder {
public:
  Finder(const Module &M, const AllocationWrappers &W)
      : M(M), DL(M.getDataLayout()), W(W) {
    const Function *Main = M.getFunction("main");
    HasMain = Main && !Main->isDeclaration();
  }

  InitClones run() {
    for (const Function &F : M)
      summarise(F);
    return std::move(R);
  }

private:
  /// Every call of F is seen: only direct calls, no caller outside.
  bool allCallsSeen(const Function &F) const {
    if (F.isDeclaration() || F.isVarArg() || !(F.hasLocalLinkage() || HasMain))
      return false;
    return all_of(F.uses(), [](const Use &U) {
      auto *CB = dyn_cast<CallBase>(U.getUser());
      return CB && CB->isCallee(&U);
    });
  }

  /// Blocks of F on a cycle.
  static DenseSet<const BasicBlock *> cyclic(const Function &F) {
    DenseSet<const BasicBlock *> Out;
    for (scc_iterator<const Function *> It = scc_begin(&F); !It.isAtEnd(); ++It)
      if (It.hasCycle())
        for (const BasicBlock *BB : *It)
          Out.insert(BB);
    return Out;
  }

  /// A fresh allocation V is: an allocator's or wrapper's direct call
  /// (not one with a custom allocator hook).
  const CallBase *freshCall(const Value *V) const {
    auto *CB = dyn_cast<CallBase>(throughSlot(V)->stripPointerCasts());
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F || W.Hooks.count(F))
      return nullptr;
    return isAllocator(F->getName()) || W.Functions.count(F) ? CB : nullptr;
  }

  const SmallVector<InitStore, 1> *summarise(const Function &F) {
    auto [It, New] = State.try_emplace(&F, InProgress);
    if (!New)
      return It->second == Done ? lookup(F) : nullptr; // Recursion: none.
    if (!allCallsSeen(F)) {
      It->second = Done;
      return nullptr;
    }
    DenseSet<const BasicBlock *> Cyclic = cyclic(F);
    SmallVector<InitStore, 1> Entries;
    SmallVector<const StoreInst *, 2> Stores;
    SmallVector<std::pair<const CallBase *, unsigned>, 2> Passed;
    for (const BasicBlock &BB : F) {
      if (Cyclic.contains(&BB))
        continue;
      for (const Instruction &I : BB) {
        if (auto *SI = dyn_cast<StoreInst>(&I)) {
          const CallBase *Inner = freshCall(SI->getValueOperand());
          auto PO = Inner && !SI->isVolatile() && !SI->isAtomic()
                        ? paramOffset(DL, SI->getPointerOperand())
                        : std::nullopt;
          if (PO) {
            Entries.push_back({PO->first, PO->second, Inner});
            Stores.push_back(SI);
          }
          continue;
        }
        auto *CB = dyn_cast<CallBase>(&I);
        const Function *G = CB ? CB->getCalledFunction() : nullptr;
        const SmallVector<InitStore, 1> *Of = G ? summarise(*G) : nullptr;
        if (!Of)
          continue;
        for (unsigned K = 0; K < Of->size(); ++K) {
          const InitStore &E = (*Of)[K];
          if (E.Param >= CB->arg_size())
            continue;
          if (auto PO = paramOffset(DL, CB->getArgOperand(E.Param))) {
            Entries.push_back({PO->first, PO->second + E.Offset, E.Inner});
            Passed.push_back({CB, K});
          }
        }
      }
    }
    State[&F] = Done;
    if (Entries.empty() || Entries.size() > MaxEntries)
      return nullptr;
    R.Dropped.insert(Stores.begin(), Stores.end());
    R.PassedOn.insert(Passed.begin(), Passed.end());
    return &(R.Of[&F] = std::move(Entries));
  }

  const SmallVector<InitStore, 1> *lookup(const Function &F) const {
    auto It = R.Of.find(&F);
    return It == R.Of.end() ? nullptr : &It->second;
  }

  enum Mark { InProgress, Done };
  const Module &M;
  const DataLayout &DL;
  const AllocationWrappers &W;
  bool HasMain = false;
  DenseMap<const Function *, Mark> State;
  InitClones R;
};

} // namespace

InitClones findInitClones(const Module &M, const AllocationWrappers &W) {
  return Finder(M, W).run();
}

} // namespace racesift
