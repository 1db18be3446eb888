//===- DataFields.cpp - Fields of globals as tracked data -----------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A flag kept in a field of a global struct (`s.busy`, `pool.shutdown`) is
// not tracked by the flag rule, which takes whole integer globals and
// locals: tracking every field would grow every state. When witness
// validation finds an interleaving infeasible because of a branch on such
// a field, the pass asks for it (a refinement hint, docs/design.md
// "Refinement") and the model is built again with the field tracked, if
// that is exact: every use of the global reaches memory through constant
// offsets (its address never escapes, so no other pointer can reach the
// field), and every access that overlaps the field is one the flag rule
// understands, at the field's own offset and width.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

namespace {

/// A load, store or atomic of the global at a constant offset.
struct FieldUse {
  const Instruction *Inst;
  const Value *Ptr;
  int64_t Offset;
  Type *Ty;
};

/// Every memory access to GV with its constant offset; false if GV's
/// address is used any other way (passed, stored, compared, indexed by a
/// variable): then some pointer may reach any of its bytes.
bool constantOffsetUses(const GlobalVariable &GV, const DataLayout &DL,
                        std::vector<FieldUse> &Out) {
  SmallVector<std::pair<const Value *, int64_t>, 8> Work{{&GV, 0}};
  SmallPtrSet<const Value *, 16> Seen{&GV};
  while (!Work.empty()) {
    auto [P, Off] = Work.pop_back_val();
    for (const User *U : P->users()) {
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        APInt D(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (GEP->getPointerOperand() != P ||
            !GEP->accumulateConstantOffset(DL, D))
          return false;
        if (Seen.insert(GEP).second)
          Work.push_back({GEP, Off + D.getSExtValue()});
        continue;
      }
      if (isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
        if (Seen.insert(U).second)
          Work.push_back({U, Off});
        continue;
      }
      if (auto *LI = dyn_cast<LoadInst>(U)) {
        Out.push_back({LI, P, Off, LI->getType()});
      } else if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() == P)
          return false;
        Out.push_back({SI, P, Off, SI->getValueOperand()->getType()});
      } else if (auto *RMW = dyn_cast<AtomicRMWInst>(U)) {
        if (RMW->getPointerOperand() != P)
          return false;
        Out.push_back({RMW, P, Off, RMW->getValOperand()->getType()});
      } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(U)) {
        if (CX->getPointerOperand() != P)
          return false;
        Out.push_back({CX, P, Off, CX->getNewValOperand()->getType()});
      } else {
        return false;
      }
    }
  }
  return true;
}

} // namespace

std::optional<DataField> trackableField(const Value *Ptr,
                                        const DataLayout &DL) {
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  auto *GV = dyn_cast<GlobalVariable>(
      Ptr->stripAndAccumulateConstantOffsets(DL, Off, true));
  if (!GV || !GV->hasInitializer() || GV->isThreadLocal() ||
      !GV->getValueType()->isAggregateType())
    return std::nullopt;
  std::vector<FieldUse> Uses;
  if (!constantOffsetUses(*GV, DL, Uses))
    return std::nullopt;
  DataField F;
  F.GV = GV;
  F.Offset = Off.getSExtValue();
  for (const FieldUse &U : Uses)
    if (U.Offset == F.Offset && U.Ty->isIntegerTy()) {
      F.Ty = U.Ty;
      break;
    }
  if (!F.Ty || F.Ty->isIntegerTy(1) || F.Ty->getIntegerBitWidth() > 64)
    return std::nullopt;
  // The initial value's sign, for the unsigned comparisons of NonNeg.
  auto *Init = dyn_cast_or_null<ConstantInt>(
      ConstantFoldLoadFromConst(const_cast<Constant *>(GV->getInitializer()),
                                F.Ty, APInt(64, F.Offset), DL));
  bool NonNeg = Init && !Init->isNegative(), Compared = false;
  int64_t Size = DL.getTypeStoreSize(F.Ty);
  for (const FieldUse &U : Uses) {
    int64_t USize = DL.getTypeStoreSize(U.Ty);
    if (U.Offset >= F.Offset + Size || F.Offset >= U.Offset + USize)
      continue;
    const Value *Slot = U.Ptr->stripPointerCasts();
    if (U.Offset != F.Offset || U.Ty != F.Ty ||
        !flagUseOk(*U.Inst, Slot, F.Ty, NonNeg, Compared))
      return std::nullopt;
    if (!is_contained(F.Slots, Slot))
      F.Slots.push_back(Slot);
  }
  if (!Compared || F.Slots.empty())
    return std::nullopt;
  F.NonNeg = NonNeg;
  return F;
}

bool isTrackableField(const Value *Ptr, const DataLayout &DL) {
  return trackableField(Ptr, DL).has_value();
}

} // namespace racesift
