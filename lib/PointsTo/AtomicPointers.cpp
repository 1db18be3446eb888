//===- AtomicPointers.cpp - Pointers through C11 atomics as integers ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rule "atomic-pointer-integer" (docs/design-threadmodel.md). Clang lowers
// C11 atomics on pointers (`_Atomic(T *)`, atomic_store_explicit,
// atomic_exchange, atomic_compare_exchange) at -O0 to operations on an
// integer of pointer width: the pointer is stored to a temporary, loaded
// back as an integer, stored atomically, and the reader's atomic load goes
// to a temporary the pointer is loaded from. Read as plain integers, an
// object published through `_Atomic(struct msg *) box` was shared with no
// thread, and every race on it was missed. Here such an integer carries the
// pointer's points-to set: the load that feeds an atomic store, exchange or
// compare-exchange, and the result of an atomic load, exchange or
// compare-exchange, with every store of those values.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {

bool ConstraintBuilder::carriesPointer(const Value *V) const {
  const Type *T = V->getType();
  if (!T->isIntegerTy(DL.getPointerSizeInBits()))
    return false;
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    if (LI->isAtomic())
      return true;
    // A plain load whose value an atomic operation stores.
    for (const User *U : LI->users()) {
      if (auto *SI = dyn_cast<StoreInst>(U))
        if (SI->isAtomic() && SI->getValueOperand() == LI)
          return true;
      if (auto *RMW = dyn_cast<AtomicRMWInst>(U))
        if (RMW->getOperation() == AtomicRMWInst::Xchg &&
            RMW->getValOperand() == LI)
          return true;
      if (auto *CX = dyn_cast<AtomicCmpXchgInst>(U))
        if (CX->getNewValOperand() == LI)
          return true;
    }
    return false;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(V))
    return RMW->getOperation() == AtomicRMWInst::Xchg;
  if (auto *EV = dyn_cast<ExtractValueInst>(V))
    return isa<AtomicCmpXchgInst>(EV->getAggregateOperand()) &&
           EV->getIndices()[0] == 0;
  return false;
}

bool ConstraintBuilder::visitAtomicPointer(Instruction &I) {
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    if (!carriesPointer(LI))
      return false;
    S.addLoad(nodeOf(LI->getPointerOperand()), nodeOf(LI));
    return true;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    if (!carriesPointer(SI->getValueOperand()))
      return false;
    S.addStore(nodeOf(SI->getValueOperand()), nodeOf(SI->getPointerOperand()));
    return true;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (!carriesPointer(RMW))
      return false;
    if (carriesPointer(RMW->getValOperand()))
      S.addStore(nodeOf(RMW->getValOperand()),
                 nodeOf(RMW->getPointerOperand()));
    S.addLoad(nodeOf(RMW->getPointerOperand()), nodeOf(RMW));
    return true;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (!CX->getNewValOperand()->getType()->isIntegerTy(
            DL.getPointerSizeInBits()))
      return false;
    if (carriesPointer(CX->getNewValOperand()))
      S.addStore(nodeOf(CX->getNewValOperand()),
                 nodeOf(CX->getPointerOperand()));
    S.addLoad(nodeOf(CX->getPointerOperand()), nodeOf(CX));
    return true;
  }
  if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
    if (!carriesPointer(EV))
      return false;
    S.addCopy(nodeOf(EV->getAggregateOperand()), nodeOf(EV));
    return true;
  }
  return false;
}

} // namespace racesift
