//===- ArrayFields.cpp - Variable indices into array members --------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The points-to analysis gives `s.arr[i]` the object at AnyOffset: every
// field of s. In C the access stays inside arr (an index past its bound is
// undefined behaviour, even inside the struct), so it touches arr's
// elements only ("array-field" in docs/design-threadmodel.md). A trailing
// array member of one element is the exception: `char data[1]` at a
// struct's end is the pre-C99 flexible array, indexed past its bound on
// purpose.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

namespace {
/// One variable index into a struct's array member: the access is at
/// Prefix + k * ElemSize + Suffix from the GEP's base, k in [0, Count).
struct ArrayIndex {
  const Value *Base = nullptr;
  int64_t Prefix = 0, Suffix = 0;
  uint64_t ElemSize = 0, Count = 0;
};

/// Whether Idx selects the last member of Ty, a struct: with one element
/// (or none), the pre-C99 flexible array (`char data[1]`).
bool isLastMember(Type *Ty, const Value *Idx) {
  auto *ST = dyn_cast_or_null<StructType>(Ty);
  auto *CI = dyn_cast_or_null<ConstantInt>(Idx);
  return ST && CI && CI->getZExtValue() + 1 == ST->getNumElements();
}

std::optional<ArrayIndex> arrayIndexOf(const GEPOperator &GEP,
                                       const DataLayout &DL) {
  ArrayIndex R;
  R.Base = GEP.getPointerOperand();
  SmallVector<Value *, 4> Idx(GEP.idx_begin(), GEP.idx_end());
  unsigned Var = 0, N = 0;
  for (gep_type_iterator It = gep_type_begin(GEP), E = gep_type_end(GEP);
       It != E; ++It, ++N) {
    auto *CI = dyn_cast<ConstantInt>(It.getOperand());
    int64_t &Acc = Var ? R.Suffix : R.Prefix;
    if (StructType *ST = It.getStructTypeOrNull()) {
      if (!CI)
        return std::nullopt;
      Acc += DL.getStructLayout(ST)->getElementOffset(CI->getZExtValue());
      continue;
    }
    uint64_t Size = It.getSequentialElementStride(DL);
    if (CI) {
      Acc += CI->getSExtValue() * int64_t(Size);
      continue;
    }
    // One variable index, not the first (which steps over whole objects).
    if (Var || N == 0)
      return std::nullopt;
    Var = N;
    R.ElemSize = Size;
  }
  if (!Var)
    return std::nullopt;
  // The array indexed, and the struct member it is.
  Type *Src = GEP.getSourceElementType();
  auto *Arr = dyn_cast_or_null<ArrayType>(GetElementPtrInst::getIndexedType(
      Src, ArrayRef<Value *>(Idx).slice(0, Var)));
  if (!Arr || Arr->getNumElements() == 0)
    return std::nullopt;
  R.Count = Arr->getNumElements();
  Type *Holder = nullptr;
  const Value *Member = nullptr;
  if (Var >= 2) {
    Holder = GetElementPtrInst::getIndexedType(
        Src, ArrayRef<Value *>(Idx).slice(0, Var - 1));
    Member = Idx[Var - 1];
  } else if (auto *BG = dyn_cast<GEPOperator>(R.Base)) {
    // -O0's `&s.arr` in a GEP of its own, then `[0, i]` on the array.
    SmallVector<Value *, 4> BIdx(BG->idx_begin(), BG->idx_end());
    if (BIdx.size() < 2)
      return std::nullopt;
    Holder = GetElementPtrInst::getIndexedType(
        BG->getSourceElementType(),
        ArrayRef<Value *>(BIdx).slice(0, BIdx.size() - 1));
    Member = BIdx.back();
  }
  if (!isa_and_nonnull<StructType>(Holder) ||
      (R.Count <= 1 && isLastMember(Holder, Member)))
    return std::nullopt;
  return R;
}
} // namespace

std::optional<std::vector<MemLoc>>
arrayFieldLocations(const PointsToAnalysis &PTA,
                    const std::vector<MemObject> &Objects, const DataLayout &DL,
                    const Value *Ptr) {
  // Elements listed one by one: at most this many.
  constexpr uint64_t MaxElements = 64;
  auto *GEP = dyn_cast<GEPOperator>(Ptr->stripPointerCasts());
  if (!GEP)
    return std::nullopt;
  std::optional<ArrayIndex> AI = arrayIndexOf(*GEP, DL);
  if (!AI || AI->Count > MaxElements || PTA.unresolved(AI->Base))
    return std::nullopt;
  ArrayRef<MemLoc> BaseLocs = PTA.pointsTo(AI->Base);
  if (BaseLocs.empty())
    return std::nullopt;
  std::vector<MemLoc> Out;
  for (const MemLoc &L : BaseLocs) {
    if (L.Offset == AnyOffset) {
      Out.push_back(L);
      continue;
    }
    const MemObject &O = Objects[L.Obj];
    Type *Declared = nullptr;
    if (auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site))
      Declared = GV->getValueType();
    else if (auto *A = dyn_cast_or_null<AllocaInst>(O.Site))
      Declared = A->isArrayAllocation() ? nullptr : A->getAllocatedType();
    for (uint64_t K = 0; K < AI->Count; ++K) {
      int64_t Off =
          L.Offset + AI->Prefix + int64_t(K * AI->ElemSize) + AI->Suffix;
      if (Off < 0 || (O.Size && uint64_t(Off) >= O.Size)) {
        Out.push_back({L.Obj, AnyOffset});
        break;
      }
      // Declared objects' locations start at their scalar fields.
      if (Declared)
        Off = byteFieldStart(DL, Declared, Off);
      Out.push_back({L.Obj, Off});
    }
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace racesift
