//===- Aggregates.cpp - Pointer fields of first-class aggregates ----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rule "aggregate-fields" (docs/design-threadmodel.md). A struct of two
// pointers returned by value is `load { ptr, ptr }` in the callee, `ret`,
// and `extractvalue` in the caller. One node per aggregate value, loaded
// and stored at the aggregate's first byte only, lost every field after
// the first (`struct pair p = mk(); *p.b = 1` wrote nothing the analysis
// knew of: a missed race) and merged the others. Here each pointer field
// of an aggregate value has a node of its own, from the loads, stores,
// insertvalues, returns and calls that make and take it; the value's own
// node stays the union of its fields, for every other instruction.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {

namespace {
/// Aggregates with more pointer fields than this stay one node.
constexpr unsigned MaxAggregateFields = 64;

/// Adds the byte offsets of T's pointer-holding scalars, from Base on;
/// false once there are more than MaxAggregateFields.
bool addPointerFields(Type *T, int64_t Base, const DataLayout &DL,
                      SmallVectorImpl<int64_t> &Out) {
  if (T->isPointerTy()) {
    Out.push_back(Base);
    return Out.size() <= MaxAggregateFields;
  }
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      if (!addPointerFields(ST->getElementType(I),
                            Base + SL->getElementOffset(I), DL, Out))
        return false;
    return true;
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    if (!mayHoldPointer(AT->getElementType()))
      return true;
    uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t I = 0; I < AT->getNumElements(); ++I)
      if (!addPointerFields(AT->getElementType(), Base + I * Size, DL, Out))
        return false;
    return true;
  }
  return !mayHoldPointer(T); // Vectors of pointers: the whole node.
}

/// The byte offset of the member Indices name in aggregate type T.
int64_t offsetOf(Type *T, ArrayRef<unsigned> Indices, const DataLayout &DL) {
  int64_t Off = 0;
  for (unsigned I : Indices) {
    if (auto *ST = dyn_cast<StructType>(T)) {
      Off += DL.getStructLayout(ST)->getElementOffset(I);
      T = ST->getElementType(I);
    } else {
      T = cast<ArrayType>(T)->getElementType();
      Off += I * DL.getTypeAllocSize(T);
    }
  }
  return Off;
}

/// The scalar of constant C at byte Off, or null if there is none to name.
const Constant *leafAt(const Constant *C, int64_t Off, const DataLayout &DL) {
  Type *T = C->getType();
  if (!T->isAggregateType())
    return Off == 0 ? C : nullptr;
  unsigned Index;
  int64_t Inner;
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    if (Off < 0 || uint64_t(Off) >= SL->getSizeInBytes())
      return nullptr;
    Index = SL->getElementContainingOffset(Off);
    Inner = Off - SL->getElementOffset(Index);
  } else {
    uint64_t Size = DL.getTypeAllocSize(cast<ArrayType>(T)->getElementType());
    if (!Size || Off < 0)
      return nullptr;
    Index = Off / Size;
    Inner = Off % Size;
  }
  const Constant *E = C->getAggregateElement(Index);
  return E ? leafAt(E, Inner, DL) : nullptr;
}
} // namespace

SmallVector<int64_t, 4> ConstraintBuilder::pointerFields(Type *T) const {
  SmallVector<int64_t, 4> Out;
  if (!T->isAggregateType() || !mayHoldPointer(T) ||
      !addPointerFields(T, 0, DL, Out))
    Out.clear();
  return Out;
}

uint32_t ConstraintBuilder::fieldReturnNode(const Function &F, int64_t Off) {
  auto [It, New] = FieldRet.try_emplace({&F, Off}, 0);
  if (New)
    It->second = G.newNode();
  return It->second;
}

uint32_t ConstraintBuilder::fieldNode(const Value *V, int64_t Off) {
  auto [It, New] = FieldNode.try_emplace({V, Off}, 0);
  if (!New)
    return It->second;
  uint32_t N = G.newNode();
  It->second = N; // Before the operands: phis may lead back here.
  auto From = [&](const Value *Src, int64_t SrcOff) {
    uint32_t F = Src->getType()->isAggregateType() ? fieldNode(Src, SrcOff)
                                                   : nodeOf(Src);
    S.addCopy(F, N);
  };
  if (auto *C = dyn_cast<Constant>(V)) {
    const Constant *Leaf = leafAt(C, Off, DL);
    if (!Leaf)
      S.addCopy(nodeOf(C), N);
    else if (Leaf->getType()->isPointerTy() &&
             !isa<ConstantPointerNull>(Leaf) && !isa<UndefValue>(Leaf))
      S.addCopy(nodeOf(Leaf), N);
  } else if (auto *LI = dyn_cast<LoadInst>(V)) {
    uint32_t Field = G.newNode();
    S.addGep(nodeOf(LI->getPointerOperand()), Field, Off);
    S.addLoad(Field, N);
  } else if (auto *EV = dyn_cast<ExtractValueInst>(V)) {
    const Value *Agg = EV->getAggregateOperand();
    From(Agg, offsetOf(Agg->getType(), EV->getIndices(), DL) + Off);
  } else if (auto *IV = dyn_cast<InsertValueInst>(V)) {
    int64_t At = offsetOf(IV->getType(), IV->getIndices(), DL);
    const Value *Ins = IV->getInsertedValueOperand();
    int64_t Size = DL.getTypeAllocSize(Ins->getType());
    if (Off >= At && Off < At + Size) {
      if (Ins->getType()->isAggregateType() || Off == At)
        From(Ins, Off - At);
    } else {
      From(IV->getAggregateOperand(), Off);
    }
  } else if (auto *PN = dyn_cast<PHINode>(V)) {
    for (const Value *In : PN->incoming_values())
      From(In, Off);
  } else if (auto *SI = dyn_cast<SelectInst>(V)) {
    From(SI->getTrueValue(), Off);
    From(SI->getFalseValue(), Off);
  } else if (auto *CB = dyn_cast<CallBase>(V);
             CB && CB->getCalledFunction() &&
             !CB->getCalledFunction()->isDeclaration()) {
    // bindCall adds the callee's fields (bindAggregateResult).
  } else {
    S.addCopy(nodeOf(V), N); // Arguments, landingpads, unknown callees.
  }
  return N;
}

void ConstraintBuilder::bindAggregateResult(const CallBase &CB,
                                            const Function &F) {
  for (int64_t Off : pointerFields(CB.getType()))
    S.addCopy(fieldReturnNode(F, Off), fieldNode(&CB, Off));
}

bool ConstraintBuilder::visitAggregate(Instruction &I) {
  // Whole values of the aggregates this file makes: the union of fields.
  auto Whole = [&](const Value *V) {
    for (int64_t Off : pointerFields(V->getType()))
      S.addCopy(fieldNode(V, Off), nodeOf(V));
  };
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    const Value *V = SI->getValueOperand();
    SmallVector<int64_t, 4> Fields = pointerFields(V->getType());
    if (Fields.empty() || PromotedSlots.contains(SI->getPointerOperand()))
      return false;
    for (int64_t Off : Fields) {
      uint32_t Field = G.newNode();
      S.addGep(nodeOf(SI->getPointerOperand()), Field, Off);
      S.addStore(fieldNode(V, Off), Field);
    }
    return true;
  }
  if (auto *RI = dyn_cast<ReturnInst>(&I)) {
    if (const Value *V = RI->getReturnValue())
      for (int64_t Off : pointerFields(V->getType()))
        S.addCopy(fieldNode(V, Off), fieldReturnNode(*RI->getFunction(), Off));
    return false; // The whole value is returned as well.
  }
  if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
    const Value *Agg = EV->getAggregateOperand();
    if (pointerFields(Agg->getType()).empty())
      return false;
    if (EV->getType()->isAggregateType())
      Whole(EV);
    else if (EV->getType()->isPointerTy())
      S.addCopy(fieldNode(Agg, offsetOf(Agg->getType(), EV->getIndices(), DL)),
                nodeOf(EV));
    return true;
  }
  bool Makes = isa<LoadInst>(I) || isa<InsertValueInst>(I) || isa<PHINode>(I) ||
               isa<SelectInst>(I);
  if (!Makes || pointerFields(I.getType()).empty())
    return false;
  Whole(&I);
  return true;
}

} // namespace racesift
