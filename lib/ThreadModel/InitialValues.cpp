//===- InitialValues.cpp - What tracked data holds when the program starts
//-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Facts from global initialisers and constant init calls, exported as plain
// data (ThreadModel::InitialValues, SyncInitCounts) so that the model
// checker reads no IR.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <map>
#include <set>

using namespace llvm;

namespace racesift {

/// The integer stored at byte Offset of constant C, if it is one.
static std::optional<int64_t> constantAt(const Constant *C, int64_t Offset,
                                         const DataLayout &DL) {
  if (C->isNullValue())
    return 0;
  if (const auto *CI = dyn_cast<ConstantInt>(C))
    return Offset == 0 && CI->getBitWidth() <= 64
               ? std::optional<int64_t>(CI->getSExtValue())
               : std::nullopt;
  Type *Ty = C->getType();
  if (auto *STy = dyn_cast<StructType>(Ty)) {
    const StructLayout *SL = DL.getStructLayout(STy);
    if (Offset < 0 || uint64_t(Offset) >= SL->getSizeInBytes())
      return std::nullopt;
    unsigned Idx = SL->getElementContainingOffset(Offset);
    if (Constant *E = C->getAggregateElement(Idx))
      return constantAt(E, Offset - SL->getElementOffset(Idx), DL);
    return std::nullopt;
  }
  if (isa<ArrayType>(Ty) || isa<VectorType>(Ty)) {
    Type *ElTy = isa<ArrayType>(Ty) ? Ty->getArrayElementType()
                                    : cast<VectorType>(Ty)->getElementType();
    uint64_t Size = DL.getTypeAllocSize(ElTy);
    if (Size == 0 || Offset < 0)
      return std::nullopt;
    if (Constant *E = C->getAggregateElement(unsigned(Offset / Size)))
      return constantAt(E, Offset % Size, DL);
  }
  return std::nullopt;
}

/// Constant counts of sem_init(&s, _, N) and pthread_barrier_init(&b, _, N)
/// on global objects. An object initialised with two different counts gets
/// none (the explorer then uses its documented default).
static std::vector<std::pair<MemLoc, int64_t>>
syncInitCounts(const ThreadModel &TM, const Module &M) {
  std::map<const Value *, ObjectId> ObjOf;
  for (const MemObject &O : TM.Objects)
    if (O.Site && O.Kind == ObjectKind::Global)
      ObjOf[O.Site] = O.Id;
  std::map<MemLoc, std::set<int64_t>> Seen;
  const DataLayout &DL = M.getDataLayout();
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      const auto *CB = dyn_cast<CallBase>(&I);
      const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      int CountArg = Callee ? syncInitCountArg(Callee->getName()) : -1;
      if (CountArg < 0 || unsigned(CountArg) >= CB->arg_size())
        continue;
      const auto *Count = dyn_cast<ConstantInt>(CB->getArgOperand(CountArg));
      APInt Off(DL.getIndexTypeSizeInBits(CB->getArgOperand(0)->getType()), 0);
      const Value *Base =
          CB->getArgOperand(0)->stripAndAccumulateConstantOffsets(DL, Off,
                                                                  true);
      auto It = ObjOf.find(Base);
      if (It == ObjOf.end())
        continue;
      MemLoc L{It->second, Off.getSExtValue()};
      Seen[L].insert(Count ? Count->getSExtValue() : INT64_MIN);
    }
  std::vector<std::pair<MemLoc, int64_t>> Out;
  for (auto &[L, Vals] : Seen)
    if (Vals.size() == 1 && *Vals.begin() != INT64_MIN)
      Out.push_back({L, *Vals.begin()});
  return Out;
}

/// The objects the global constructors (and what they call) may write
/// before main; nullopt if that is not known (a pointer with no set, an
/// unknown function given a pointer, a call through an unresolved pointer).
static std::optional<std::set<ObjectId>>
writtenBeforeMain(const ThreadModel &TM, const PointsToAnalysis &PTA) {
  std::set<ObjectId> Out;
  std::vector<const Function *> Work(TM.Constructors.begin(),
                                     TM.Constructors.end());
  std::set<const Function *> Seen(Work.begin(), Work.end());
  auto Writes = [&](const Value *Ptr) {
    if (PTA.unresolved(Ptr))
      return false;
    ArrayRef<MemLoc> Set = PTA.pointsTo(Ptr);
    for (const MemLoc &L : Set)
      Out.insert(L.Obj);
    return !Set.empty() || isa<ConstantPointerNull>(Ptr);
  };
  while (!Work.empty()) {
    const Function *F = Work.back();
    Work.pop_back();
    for (const Instruction &I : instructions(*F)) {
      if (auto *SI = dyn_cast<StoreInst>(&I)) {
        if (!Writes(SI->getPointerOperand()))
          return std::nullopt;
        continue;
      }
      if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
        if (!Writes(I.getOperand(0))) // The address.
          return std::nullopt;
        continue;
      }
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || isa<DbgInfoIntrinsic>(CB))
        continue;
      ArrayRef<const Function *> Callees = PTA.callees(*CB);
      if (Callees.empty() && !CB->getCalledFunction())
        return std::nullopt;
      for (const Function *G : Callees) {
        if (!G->isDeclaration()) {
          if (Seen.insert(G).second)
            Work.push_back(G);
          continue;
        }
        // A function without a body may write what it is given.
        for (const Use &A : CB->args())
          if (A->getType()->isPointerTy() && !Writes(A.get()))
            return std::nullopt;
      }
    }
  }
  return Out;
}

/// Initial values of tracked global variables from their initialisers,
/// unless the global constructors may write the variable before main.
static std::map<DataVarId, int64_t> initialValues(const ThreadModel &TM,
                                                  const Module &M,
                                                  const PointsToAnalysis &PTA) {
  std::map<DataVarId, int64_t> Out;
  std::optional<std::set<ObjectId>> Written = writtenBeforeMain(TM, PTA);
  if (!Written)
    return Out;
  for (const DataVar &D : TM.DataVars) {
    if (!D.IsMemory || D.Loc.Obj >= TM.Objects.size() ||
        D.Loc.Offset == AnyOffset || Written->count(D.Loc.Obj))
      continue;
    const MemObject &O = TM.Objects[D.Loc.Obj];
    const auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site);
    if (O.Kind != ObjectKind::Global || !GV || !GV->hasInitializer() ||
        GV->isInterposable())
      continue;
    // A thread id other than 0 (no thread) would be some instance's.
    if (auto V =
            constantAt(GV->getInitializer(), D.Loc.Offset, M.getDataLayout());
        V && (!D.IsThreadId || *V == 0))
      Out[D.Id] = *V;
  }
  return Out;
}

void addInitialValues(ThreadModel &TM, const Module &M,
                      const PointsToAnalysis &PTA) {
  TM.InitialValues = initialValues(TM, M, PTA);
  TM.SyncInitCounts = syncInitCounts(TM, M);
}

} // namespace racesift
