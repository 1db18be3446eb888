//===- MemberPointers.cpp - Calls through C++ member-function pointers ----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rule "member-function-pointer" (docs/design-threadmodel.md). Clang's
// Itanium member-function pointer is a pair of integers {ptr, adj}: ptr is
// `ptrtoint` of the function (or 1 + a vtable offset for a virtual one) and
// adj the this-adjustment. A call branches on ptr's low bit, loads the
// vtable slot or turns ptr back with `inttoptr`, and passes `this + adj`.
// Read as plain integers, `std::thread t(&Worker::run, &w)` called an
// unknown function and the thread's body was never analysed. Here the
// function is followed as a pointer in the pair's first field.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <functional>

using namespace llvm;

namespace racesift {

namespace {

/// Clang's member-pointer value type: a literal {iN, iN}, N the pointer size.
bool isMemberPointerType(const Type *T, const DataLayout &DL) {
  auto *ST = dyn_cast<StructType>(T);
  if (!ST || !ST->isLiteral() || ST->getNumElements() != 2)
    return false;
  unsigned Bits = DL.getPointerSizeInBits();
  return ST->getElementType(0)->isIntegerTy(Bits) &&
         ST->getElementType(1)->isIntegerTy(Bits);
}

/// The member-pointer value V's field Field is read from, if V is
/// `extractvalue MP, Field`.
const Value *memberOf(const Value *V, unsigned Field, const DataLayout &DL) {
  auto *EV = dyn_cast<ExtractValueInst>(V);
  if (!EV || EV->getNumIndices() != 1 || EV->getIndices()[0] != Field ||
      !isMemberPointerType(EV->getAggregateOperand()->getType(), DL))
    return nullptr;
  return EV->getAggregateOperand();
}

/// Whether a constant member pointer is a non-virtual function (or null)
/// with no this-adjustment.
bool plainConstant(const Constant *C) {
  if (isa<ConstantAggregateZero>(C) || isa<UndefValue>(C))
    return true;
  auto *CS = dyn_cast<ConstantStruct>(C);
  if (!CS)
    return false;
  auto *Adj = dyn_cast<ConstantInt>(CS->getOperand(1));
  if (!Adj || !Adj->isZero())
    return false;
  const Constant *Ptr = CS->getOperand(0);
  if (auto *CI = dyn_cast<ConstantInt>(Ptr))
    return CI->isZero(); // Non-zero: 1 + a vtable offset.
  auto *CE = dyn_cast<ConstantExpr>(Ptr);
  return CE && CE->getOpcode() == Instruction::PtrToInt &&
         isa<Function>(CE->getOperand(0)->stripPointerCasts());
}

/// The values a direct call of a defined function may return, or none.
SmallVector<const Value *, 2> returnedValues(const Value *V) {
  SmallVector<const Value *, 2> Out;
  auto *CB = dyn_cast<CallBase>(V);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || F->isDeclaration())
    return Out;
  for (const BasicBlock &BB : *F)
    if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()))
      Out.push_back(RI->getReturnValue());
  return Out;
}

/// Whether every value V may be is a constant or a whole copy.
bool trackedValue(const Value *V, unsigned Depth) {
  if (isa<Constant>(V) || isa<LoadInst>(V))
    return true;
  if (Depth < 4 && isa<CallBase>(V)) {
    SmallVector<const Value *, 2> Returned = returnedValues(V);
    return !Returned.empty() && all_of(Returned, [&](const Value *R) {
      return trackedValue(R, Depth + 1);
    });
  }
  if (Depth < 4 && (isa<SelectInst>(V) || isa<PHINode>(V))) {
    const auto *I = cast<Instruction>(V);
    for (unsigned Op = isa<SelectInst>(V) ? 1 : 0; Op < I->getNumOperands();
         ++Op)
      if (!trackedValue(I->getOperand(Op), Depth + 1))
        return false;
    return true;
  }
  return false;
}

/// The member pointer whose field Field Ptr addresses (`gep {iN, iN}, P, 0,
/// Field`), or null.
const Value *fieldTarget(const Value *Ptr, unsigned &Field,
                         const DataLayout &DL) {
  auto *GEP = dyn_cast<GEPOperator>(Ptr);
  if (!GEP || !isMemberPointerType(GEP->getSourceElementType(), DL) ||
      GEP->getNumIndices() != 2)
    return nullptr;
  auto *Last = dyn_cast<ConstantInt>(GEP->getOperand(2));
  if (!Last)
    return nullptr;
  Field = Last->getZExtValue();
  return GEP->getPointerOperand();
}

/// Whether integer V, stored as field Field of a member pointer, is known:
/// a plain constant, a field of a tracked member pointer, or a parameter
/// every caller passes such a value (clang passes member pointers by value
/// as two integers).
bool trackedField(const Value *V, unsigned Field, unsigned Depth,
                  const DataLayout &DL) {
  if (auto *CI = dyn_cast<ConstantInt>(V))
    return CI->isZero(); // Field 0: null; non-zero is a virtual function.
  if (auto *CE = dyn_cast<ConstantExpr>(V))
    return Field == 0 && CE->getOpcode() == Instruction::PtrToInt &&
           isa<Function>(CE->getOperand(0)->stripPointerCasts());
  if (const Value *MP = memberOf(V, Field, DL))
    return trackedValue(MP, 0);
  unsigned Loaded;
  if (auto *LI = dyn_cast<LoadInst>(V))
    if (fieldTarget(LI->getPointerOperand(), Loaded, DL) && Loaded == Field)
      return true; // Its stores are checked too.
  auto *A = dyn_cast<Argument>(V);
  if (!A || Depth >= 3)
    return false;
  for (const Use &U : A->getParent()->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) ||
        !trackedField(CB->getArgOperand(A->getArgNo()), Field, Depth + 1, DL))
      return false;
  }
  return true;
}

} // namespace

void ConstraintBuilder::memberFunctions(
    const Constant *C, int64_t Off,
    SmallVectorImpl<std::pair<int64_t, const Function *>> &Out) const {
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    if (CE->getOpcode() == Instruction::PtrToInt)
      if (auto *F = dyn_cast<Function>(CE->getOperand(0)->stripPointerCasts()))
        Out.push_back({Off, F});
    return;
  }
  auto *CA = dyn_cast<ConstantAggregate>(C);
  if (!CA)
    return;
  auto *ST = dyn_cast<StructType>(C->getType());
  const StructLayout *SL = ST ? DL.getStructLayout(ST) : nullptr;
  for (unsigned I = 0; I < CA->getNumOperands(); ++I) {
    Constant *E = CA->getOperand(I);
    int64_t At =
        SL ? SL->getElementOffset(I) : I * DL.getTypeAllocSize(E->getType());
    memberFunctions(E, Off + At, Out);
  }
}

void ConstraintBuilder::scanMemberPointers() {
  MemberPointersExact = true;
  HasMemberPointers = false;
  std::function<void(const Constant *)> CheckConstant = [&](const Constant *C) {
    if (isMemberPointerType(C->getType(), DL)) {
      MemberPointersExact &= plainConstant(C);
      SmallVector<std::pair<int64_t, const Function *>, 1> Fns;
      memberFunctions(C, 0, Fns);
      HasMemberPointers |= !Fns.empty();
      return;
    }
    if (isa<ConstantAggregate>(C))
      for (const Use &U : C->operands())
        CheckConstant(cast<Constant>(U));
  };
  for (const GlobalVariable &GV : M.globals())
    if (GV.hasInitializer())
      CheckConstant(GV.getInitializer());
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      for (const Use &U : I.operands())
        if (auto *C = dyn_cast<Constant>(U))
          CheckConstant(C);
      if (isa<InsertValueInst>(I) && isMemberPointerType(I.getType(), DL))
        MemberPointersExact = false; // A conversion adjusts `adj`.
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI)
        continue;
      unsigned Field;
      if (isMemberPointerType(SI->getValueOperand()->getType(), DL))
        MemberPointersExact &= trackedValue(SI->getValueOperand(), 0);
      else if (fieldTarget(SI->getPointerOperand(), Field, DL))
        MemberPointersExact &=
            trackedField(SI->getValueOperand(), Field, 0, DL);
    }
}

void ConstraintBuilder::storeMemberPointer(const Value *V, const Value *Ptr,
                                           unsigned Depth) {
  uint32_t Into = nodeOf(Ptr);
  if (auto *C = dyn_cast<Constant>(V)) {
    SmallVector<std::pair<int64_t, const Function *>, 2> Fns;
    memberFunctions(C, 0, Fns);
    for (auto [Off, F] : Fns) {
      uint32_t Field = G.newNode();
      S.addGep(Into, Field, Off);
      S.addStore(nodeOf(F), Field);
    }
    return;
  }
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    // Only the first field can hold the function.
    uint32_t Fn = G.newNode();
    S.addLoad(nodeOf(LI->getPointerOperand()), Fn);
    S.addStore(Fn, Into);
    return;
  }
  if (Depth < 4 && (isa<SelectInst>(V) || isa<PHINode>(V))) {
    const auto *I = cast<Instruction>(V);
    for (unsigned Op = isa<SelectInst>(V) ? 1 : 0; Op < I->getNumOperands();
         ++Op)
      storeMemberPointer(I->getOperand(Op), Ptr, Depth + 1);
    return;
  }
  SmallVector<const Value *, 2> Returned = returnedValues(V);
  if (Depth < 4 && !Returned.empty()) {
    for (const Value *R : Returned)
      storeMemberPointer(R, Ptr, Depth + 1);
    return;
  }
  uint32_t Fn = G.newNode();
  S.addPts(Fn, S.locFor(unknownObject("member pointer"), AnyOffset));
  S.addStore(Fn, Into);
}

void ConstraintBuilder::addMemberFunction(const Value *V, uint32_t Dst,
                                          unsigned Depth) {
  if (auto *C = dyn_cast<Constant>(V)) {
    SmallVector<std::pair<int64_t, const Function *>, 1> Fns;
    memberFunctions(C, 0, Fns);
    for (auto [Off, F] : Fns)
      S.addCopy(nodeOf(F), Dst);
    return;
  }
  if (const Value *MP = memberOf(V, 0, DL))
    if (auto *LI = dyn_cast<LoadInst>(MP)) {
      S.addLoad(nodeOf(LI->getPointerOperand()), Dst);
      return;
    }
  unsigned Field;
  if (auto *LI = dyn_cast<LoadInst>(V))
    if (const Value *MP = fieldTarget(LI->getPointerOperand(), Field, DL);
        MP && Field == 0) {
      S.addLoad(nodeOf(MP), Dst);
      return;
    }
  if (auto *A = dyn_cast<Argument>(V); A && Depth < 3) {
    bool AllCalls = true;
    for (const Use &U : A->getParent()->uses()) {
      auto *CB = dyn_cast<CallBase>(U.getUser());
      if (CB && CB->isCallee(&U))
        addMemberFunction(CB->getArgOperand(A->getArgNo()), Dst, Depth + 1);
      else
        AllCalls = false;
    }
    if (AllCalls)
      return;
  }
  S.addPts(Dst, S.locFor(unknownObject("member pointer"), AnyOffset));
}

bool ConstraintBuilder::visitMemberPointer(Instruction &I) {
  // A module without a member-function constant (C code passing a struct
  // of two longs by value) has none of these idioms.
  if (!HasMemberPointers)
    return false;
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    const Value *V = SI->getValueOperand();
    if (isMemberPointerType(V->getType(), DL)) {
      storeMemberPointer(V, SI->getPointerOperand(), 0);
      return true;
    }
    unsigned Field;
    const Value *Target = fieldTarget(SI->getPointerOperand(), Field, DL);
    if (!Target || Field != 0)
      return false;
    uint32_t Fn = G.newNode();
    addMemberFunction(V, Fn, 0);
    S.addStore(Fn, nodeOf(Target));
    return true;
  }
  if (auto *IP = dyn_cast<IntToPtrInst>(&I)) {
    const Value *MP = memberOf(IP->getOperand(0), 0, DL);
    if (!MP)
      return false;
    if (auto *LI = dyn_cast<LoadInst>(MP))
      S.addLoad(nodeOf(LI->getPointerOperand()), nodeOf(IP));
    else
      S.addPts(nodeOf(IP),
               S.locFor(unknownObject("member pointer"), AnyOffset));
    return true;
  }
  auto *GEP = dyn_cast<GetElementPtrInst>(&I);
  if (!GEP || !MemberPointersExact || GEP->getNumIndices() != 1 ||
      !GEP->getSourceElementType()->isIntegerTy(8))
    return false;
  const Value *Idx = GEP->getOperand(1);
  if (memberOf(Idx, 1, DL)) {
    // `this + adj` with adj always 0.
    S.addCopy(nodeOf(GEP->getPointerOperand()), nodeOf(GEP));
    return true;
  }
  auto *Sub = dyn_cast<BinaryOperator>(Idx);
  if (Sub && Sub->getOpcode() == Instruction::Sub &&
      memberOf(Sub->getOperand(0), 0, DL)) {
    // The virtual branch's vtable slot: no member pointer is virtual.
    nodeOf(GEP);
    return true;
  }
  return false;
}

} // namespace racesift
