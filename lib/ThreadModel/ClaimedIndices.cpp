//===- ClaimedIndices.cpp - Slots claimed from an atomic counter ----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// claimed-index (docs/design-threadmodel.md): `i = atomic_fetch_add(&next,
// 1); results[i] = ...` hands every claim a value no other claim gets, so
// two threads writing `results[i]` with their own claims write different
// elements. The analysis sees one abstract array element for all of them;
// this marks the accesses whose address is the same injective function of
// such a claim (Access::ClaimKey), which accessesConflict then pairs with
// no access of the same key.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <map>

using namespace llvm;

namespace racesift {

namespace {

/// A positive constant, directly or through the -O0 temporary an atomic
/// builtin's operand is stored to.
bool positiveConstant(const Value *V) {
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
    const Value *Stored = AI ? singleStoredValue(AI) : nullptr;
    return Stored && positiveConstant(Stored);
  }
  auto *C = dyn_cast<ConstantInt>(V);
  return C && C->getValue().isStrictlyPositive();
}

class Claims {
public:
  explicit Claims(const Module &M) : DL(M.getDataLayout()) {
    // A counter: a global of this unit that is only read and atomically
    // increased by positive constants, so no value is ever returned twice
    // (short of wrapping around).
    for (const GlobalVariable &G : M.globals()) {
      if (!G.hasLocalLinkage() || G.isThreadLocal() ||
          !G.getValueType()->isIntegerTy())
        continue;
      bool Ok = !G.use_empty();
      for (const User *U : G.users()) {
        if (auto *LI = dyn_cast<LoadInst>(U)) {
          Ok = Ok && LI->getPointerOperand() == &G;
          continue;
        }
        auto *RMW = dyn_cast<AtomicRMWInst>(U);
        Ok = Ok && RMW && RMW->getPointerOperand() == &G &&
             RMW->getOperation() == AtomicRMWInst::Add &&
             positiveConstant(RMW->getValOperand());
      }
      if (Ok)
        Counters.insert(&G);
    }
  }

  bool empty() const { return Counters.empty(); }

  /// The key of an access of Size bytes at Ptr, or 0.
  uint32_t keyOf(const Value *Ptr, uint64_t Size) {
    std::vector<uintptr_t> Tokens;
    const GlobalVariable *Counter = nullptr;
    bool SeenIndex = false;
    const Value *P = Ptr->stripPointerCasts();
    while (auto *GEP = dyn_cast<GEPOperator>(P)) {
      Tokens.push_back(uintptr_t(GEP->getSourceElementType()));
      Tokens.push_back(GEP->getNumIndices());
      for (auto I = gep_type_begin(GEP), E = gep_type_end(GEP); I != E; ++I) {
        const Value *Idx = I.getOperand();
        if (auto *C = dyn_cast<ConstantInt>(Idx)) {
          Tokens.push_back(uintptr_t(C->getSExtValue()));
          continue;
        }
        // One claimed index, over elements at least as large as the
        // access: distinct claims then touch disjoint bytes.
        if (SeenIndex || I.isStruct() ||
            DL.getTypeAllocSize(I.getIndexedType()).getKnownMinValue() < Size ||
            !(Counter = claimSource(Idx, 0)))
          return 0;
        SeenIndex = true;
        Tokens.push_back(~uintptr_t(0));
      }
      P = GEP->getPointerOperand()->stripPointerCasts();
    }
    auto *Base = dyn_cast<GlobalVariable>(P);
    if (!SeenIndex || !Base || Base->isThreadLocal())
      return 0;
    Tokens.push_back(uintptr_t(Base));
    Tokens.push_back(uintptr_t(Counter));
    return Keys.try_emplace(std::move(Tokens), Keys.size() + 1).first->second;
  }

private:
  const DataLayout &DL;
  DenseSet<const GlobalVariable *> Counters;
  std::map<std::vector<uintptr_t>, uint32_t> Keys;

  /// The counter V's value was claimed from, through widening casts and
  /// local slots that hold only such values, or null.
  const GlobalVariable *claimSource(const Value *V, unsigned Depth) const {
    if (Depth > 4)
      return nullptr;
    while (isa<SExtInst>(V) || isa<ZExtInst>(V))
      V = cast<CastInst>(V)->getOperand(0);
    if (auto *RMW = dyn_cast<AtomicRMWInst>(V)) {
      auto *G = dyn_cast<GlobalVariable>(RMW->getPointerOperand());
      return G && Counters.count(G) ? G : nullptr;
    }
    auto *LI = dyn_cast<LoadInst>(V);
    auto *AI = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
    if (!AI || !isPrivateSlot(*AI))
      return nullptr;
    const GlobalVariable *Source = nullptr;
    for (const User *U : AI->users()) {
      auto *SI = dyn_cast<StoreInst>(U);
      if (!SI)
        continue;
      const GlobalVariable *G = claimSource(SI->getValueOperand(), Depth + 1);
      if (!G || (Source && G != Source))
        return nullptr;
      Source = G;
    }
    return Source;
  }
};

} // namespace

void findClaimedIndices(const Module &M, ThreadModel &TM) {
  Claims C(M);
  if (C.empty())
    return;
  const DataLayout &DL = M.getDataLayout();
  for (Access &A : TM.Accesses) {
    const Value *Ptr = nullptr;
    Type *Ty = nullptr;
    if (auto *LI = dyn_cast_or_null<LoadInst>(A.Inst)) {
      Ptr = LI->getPointerOperand();
      Ty = LI->getType();
    } else if (auto *SI = dyn_cast_or_null<StoreInst>(A.Inst)) {
      Ptr = SI->getPointerOperand();
      Ty = SI->getValueOperand()->getType();
    }
    if (Ptr && Ty->isSized())
      A.ClaimKey = C.keyOf(Ptr, DL.getTypeStoreSize(Ty).getKnownMinValue());
  }
}

} // namespace racesift
