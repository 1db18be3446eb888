//===- Captures.cpp - Stack objects whose address stays in its frame -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// "uncaptured-stack" (docs/design-threadmodel.md; not a compromise: sound).
// A local variable whose address is only used to load and store through,
// compared, or passed to parameters of defined functions that do the same
// (interprocedurally, to a fixpoint), never stored in memory other than
// -O0 spill slots of its own function, returned, turned into an integer or
// handed to an unknown or indirect callee, is only ever reached by the
// thread running its activation: no other thread can race on it, whatever
// the points-to sets say. Context-insensitive points-to sets (and the sink
// of unresolved pointers) otherwise let such a local of one thread meet
// accesses of another thread through merged pointers.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {

class CaptureFinder {
public:
  explicit CaptureFinder(const Module &M) : M(M) {}

  DenseSet<const AllocaInst *> run() {
    // Optimistic: every pointer parameter is uncaptured until one of its
    // uses says otherwise; captures only grow, so this ends.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const Function &F : M)
        if (!F.isDeclaration())
          for (const Argument &A : F.args())
            if (A.getType()->isPointerTy() && !Captured.count(&A) &&
                mayCapture(&A)) {
              Captured.insert(&A);
              Changed = true;
            }
    }
    DenseSet<const AllocaInst *> Out;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F))
        if (auto *AI = dyn_cast<AllocaInst>(&I))
          if (!mayCapture(AI))
            Out.insert(AI);
    return Out;
  }

private:
  const Module &M;
  DenseSet<const Argument *> Captured;
  DenseMap<const AllocaInst *, bool> SlotCache;

  /// A local slot only loaded and stored through (mem2reg's promotable
  /// allocas, as -O0 spills of pointers are): what is stored into it is
  /// followed to its loads.
  bool isSlot(const AllocaInst *AI) {
    auto [It, New] = SlotCache.try_emplace(AI, false);
    if (New)
      It->second = isLocalSlot(*AI);
    return It->second;
  }

  bool callCaptures(const CallBase &CB, const Use &U) {
    if (auto *II = dyn_cast<IntrinsicInst>(&CB)) {
      if (isa<DbgInfoIntrinsic>(II) || II->isLifetimeStartOrEnd() ||
          isa<MemIntrinsic>(II))
        return false;
      switch (II->getIntrinsicID()) {
      case Intrinsic::vastart:
      case Intrinsic::vaend:
      case Intrinsic::vacopy:
      case Intrinsic::objectsize:
        return false;
      default:
        return true;
      }
    }
    if (!CB.isArgOperand(&U))
      return true; // The callee itself, or an operand bundle.
    unsigned ArgNo = CB.getArgOperandNo(&U);
    const Function *F = CB.getCalledFunction();
    if (!F)
      return true;
    if (F->isDeclaration())
      return !CB.doesNotCapture(ArgNo);
    return ArgNo >= F->arg_size() || Captured.count(F->getArg(ArgNo));
  }

  /// Whether V's address may outlive its uses here: stored in memory,
  /// returned, made an integer, or given to a callee that may keep it.
  bool mayCapture(const Value *V) {
    SmallVector<const Value *, 16> Work{V};
    SmallPtrSet<const Value *, 16> Seen{V};
    auto Push = [&](const Value *X) {
      if (Seen.insert(X).second)
        Work.push_back(X);
    };
    while (!Work.empty()) {
      const Value *W = Work.pop_back_val();
      for (const Use &U : W->uses()) {
        const User *I = U.getUser();
        if (isa<LoadInst>(I))
          continue;
        if (auto *SI = dyn_cast<StoreInst>(I)) {
          if (U.getOperandNo() == SI->getPointerOperandIndex())
            continue;
          auto *Slot = dyn_cast<AllocaInst>(SI->getPointerOperand());
          if (!Slot || !isSlot(Slot))
            return true;
          for (const User *SU : Slot->users())
            if (isa<LoadInst>(SU))
              Push(SU);
          continue;
        }
        if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
          if (U.getOperandNo() == RMW->getPointerOperandIndex())
            continue;
          return true;
        }
        if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
          if (U.getOperandNo() == CX->getPointerOperandIndex())
            continue;
          return true;
        }
        if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I) ||
            isa<AddrSpaceCastInst>(I) || isa<PHINode>(I) ||
            isa<SelectInst>(I) || isa<FreezeInst>(I)) {
          Push(I);
          continue;
        }
        if (isa<ICmpInst>(I))
          continue;
        if (auto *CB = dyn_cast<CallBase>(I)) {
          if (callCaptures(*CB, U))
            return true;
          continue;
        }
        return true;
      }
    }
    return false;
  }
};

} // namespace

DenseSet<const AllocaInst *> findUncapturedAllocas(const Module &M) {
  return CaptureFinder(M).run();
}

} // namespace racesift
