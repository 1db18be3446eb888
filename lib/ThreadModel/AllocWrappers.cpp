//===- AllocWrappers.cpp - Allocation wrappers for heap cloning -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// C programs allocate through wrappers (xmalloc, rd_malloc, g_new): with one
// heap object per malloc call, every object of the program would be one
// abstract object and every pointer would alias every other. A wrapper's
// call sites get heap objects of their own instead (see "alloc-wrapper" in
// docs/design-threadmodel.md). That is sound only where the wrapper's result
// is exactly a fresh object nobody else can see, so the check is strict.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "PointsToSolver.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {
/// Checks one function against the wrappers found so far.
class WrapperCheck {
  const DenseSet<const Function *> &Known;
  /// Local slots (allocas) the fresh pointer passes through, and the
  /// allocation calls it comes from.
  SmallPtrSet<const Value *, 8> Slots, Sources, Seen;

public:
  explicit WrapperCheck(const DenseSet<const Function *> &Known)
      : Known(Known) {}

  bool isFreshCall(const Value *V) const {
    auto *CB = dyn_cast<CallBase>(V);
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F)
      return false;
    // realloc keeps the old contents, which a clone would lose.
    StringRef N = F->getName();
    if (N == "realloc" || N == "reallocarray")
      return false;
    return Known.count(F) || (F->isDeclaration() && isAllocator(N));
  }

  /// A slot is a private local only loaded and stored into.
  static bool isPrivateSlot(const AllocaInst &AI) {
    return all_of(AI.users(), [&](const User *U) {
      if (isa<LoadInst>(U))
        return true;
      auto *SI = dyn_cast<StoreInst>(U);
      return SI && SI->getPointerOperand() == &AI &&
             SI->getValueOperand() != &AI;
    });
  }

  /// True if every value V may hold is null or derived from a fresh call.
  bool traceReturned(const Value *V) {
    V = V->stripPointerCasts();
    if (!Seen.insert(V).second)
      return true;
    if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V))
      return true;
    if (isFreshCall(V))
      return Sources.insert(V), true;
    if (auto *GEP = dyn_cast<GetElementPtrInst>(V))
      return traceReturned(GEP->getPointerOperand());
    if (auto *Phi = dyn_cast<PHINode>(V))
      return all_of(Phi->incoming_values(),
                    [&](const Value *In) { return traceReturned(In); });
    if (auto *Sel = dyn_cast<SelectInst>(V))
      return traceReturned(Sel->getTrueValue()) &&
             traceReturned(Sel->getFalseValue());
    auto *LI = dyn_cast<LoadInst>(V);
    auto *AI =
        LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()->stripPointerCasts())
           : nullptr;
    if (!AI || !isPrivateSlot(*AI))
      return false;
    Slots.insert(AI);
    return all_of(AI->users(), [&](const User *U) {
      auto *SI = dyn_cast<StoreInst>(U);
      return !SI || traceReturned(SI->getValueOperand());
    });
  }

  /// True if the fresh pointer V (or a value derived from it) is used only
  /// to read, to write non-pointers, to compare, to free or to return.
  bool staysPrivate(const Value *V, SmallPtrSetImpl<const Value *> &Done) {
    if (!Done.insert(V).second)
      return true;
    for (const User *U : V->users()) {
      if (isa<LoadInst>(U) || isa<ICmpInst>(U) || isa<ReturnInst>(U))
        continue;
      if (isa<GetElementPtrInst>(U) || isa<CastInst>(U) || isa<PHINode>(U) ||
          isa<SelectInst>(U)) {
        if (!staysPrivate(U, Done))
          return false;
        continue;
      }
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() != V) {
          // A write into the object: pointers written there would be
          // missing from the callers' clones.
          const Value *Stored = SI->getValueOperand();
          if (Stored->getType()->isPointerTy() &&
              !isa<ConstantPointerNull>(Stored))
            return false;
          if (Stored->getType()->isAggregateType())
            return false;
          continue;
        }
        // Into one of the traced slots: its loads carry the pointer on.
        const Value *Slot = SI->getPointerOperand()->stripPointerCasts();
        if (!Slots.count(Slot))
          return false;
        for (const User *SU : Slot->users())
          if (isa<LoadInst>(SU) && !staysPrivate(SU, Done))
            return false;
        continue;
      }
      if (auto *II = dyn_cast<IntrinsicInst>(U)) {
        if (II->isAssumeLikeIntrinsic() || isa<DbgInfoIntrinsic>(II))
          continue;
        // memset writes no pointer; copying out of the object is a read.
        if (isa<MemSetInst>(II) ||
            (isa<MemTransferInst>(II) &&
             cast<MemTransferInst>(II)->getRawSource() == V &&
             cast<MemTransferInst>(II)->getRawDest() != V))
          continue;
        return false;
      }
      if (auto *CB = dyn_cast<CallBase>(U)) {
        const Function *F = CB->getCalledFunction();
        if (F && F->getName() == "free")
          continue;
        return false;
      }
      return false;
    }
    return true;
  }

  bool isWrapper(const Function &F) {
    if (F.isDeclaration() || !F.getReturnType()->isPointerTy() || F.isVarArg())
      return false;
    bool AnyReturn = false;
    for (const Instruction &I : instructions(F))
      if (auto *RI = dyn_cast<ReturnInst>(&I)) {
        AnyReturn = true;
        if (!traceReturned(RI->getReturnValue()))
          return false;
      }
    if (!AnyReturn || Sources.empty())
      return false;
    SmallPtrSet<const Value *, 16> Done;
    return all_of(Sources,
                  [&](const Value *S) { return staysPrivate(S, Done); });
  }
};
} // namespace

/// The parameter V is, directly or through an -O0 local stored once.
static std::optional<unsigned> paramOf(const Value *V) {
  if (auto *C = dyn_cast<CastInst>(V))
    if (C->isIntegerCast())
      V = C->getOperand(0);
  if (auto *A = dyn_cast<Argument>(throughSlot(V)))
    return A->getArgNo();
  return std::nullopt;
}

std::optional<WrapperSize> wrapperSizeParams(const Function &F) {
  const CallBase *Alloc = nullptr;
  for (const Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !Callee->isDeclaration() || !isAllocator(Callee->getName()))
      continue;
    if (Alloc)
      return std::nullopt; // Two allocations: which one is returned?
    Alloc = CB;
  }
  if (!Alloc)
    return std::nullopt;
  StringRef N = Alloc->getCalledFunction()->getName();
  if (N == "malloc" || N.starts_with("_Znwm") || N.starts_with("_Znam")) {
    if (std::optional<unsigned> P = paramOf(Alloc->getArgOperand(0)))
      return WrapperSize{*P, std::nullopt};
  } else if (N == "calloc") {
    std::optional<unsigned> P = paramOf(Alloc->getArgOperand(0)),
                            Q = paramOf(Alloc->getArgOperand(1));
    if (P && Q)
      return WrapperSize{*P, *Q};
  }
  return std::nullopt;
}

DenseSet<const Function *> findAllocationWrappers(const Module &M) {
  DenseSet<const Function *> Wrappers;
  // Wrappers of wrappers: iterate until nothing is added (monotone).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Function &F : M)
      if (!Wrappers.count(&F) && WrapperCheck(Wrappers).isWrapper(F)) {
        Wrappers.insert(&F);
        Changed = true;
      }
  }
  return Wrappers;
}

} // namespace racesift
