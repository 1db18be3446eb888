//===- PromotedCopy.cpp - A function copy ScalarEvolution can read --------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PromotedCopy.h"
#include "ThreadModelInternal.h"

#include "racesift/ThreadModel/LibcModel.h"

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace racesift {

namespace {

/// Whether Slot's address goes only to loads and stores of it and to
/// arguments of C library calls that keep no pointer (sscanf's `&n`), at
/// least one call.
bool onlyOutParameter(AllocaInst &Slot) {
  bool Call = false;
  for (const Use &U : Slot.uses()) {
    const User *I = U.getUser();
    if (auto *LI = dyn_cast<LoadInst>(I)) {
      if (!LI->isSimple() || LI->getType() != Slot.getAllocatedType())
        return false;
    } else if (auto *SI = dyn_cast<StoreInst>(I)) {
      if (!SI->isSimple() || U.getOperandNo() != 1 ||
          SI->getValueOperand()->getType() != Slot.getAllocatedType())
        return false;
    } else if (auto *CI = dyn_cast<CallInst>(I)) {
      if (isa<DbgInfoIntrinsic>(CI) || CI->isLifetimeStartOrEnd())
        continue;
      const Function *F = CI->getCalledFunction();
      const LibcFunction *Row = F ? lookupLibc(F->getName()) : nullptr;
      if (!CI->isArgOperand(&U) || !Row ||
          libcMayKeepArgument(*Row, CI->getArgOperandNo(&U)))
        return false;
      Call = true;
    } else {
      return false;
    }
  }
  return Call;
}

/// Gives each C library call a temporary of its own in Slot's place,
/// copied from Slot before and back after: the call reads and writes
/// through the temporary as it did through Slot, and keeps neither, so
/// Slot becomes promotable. A bound read with sscanf (`sscanf(s, "%d",
/// &n)`) is then one SSA value in the loops that use it.
void outParameterToTemporaries(AllocaInst &Slot) {
  std::vector<CallInst *> Calls;
  for (User *U : Slot.users())
    if (auto *CI = dyn_cast<CallInst>(U); CI && !isa<DbgInfoIntrinsic>(CI) &&
                                          !CI->isLifetimeStartOrEnd() &&
                                          !is_contained(Calls, CI))
      Calls.push_back(CI);
  Type *Ty = Slot.getAllocatedType();
  for (CallInst *CI : Calls) {
    auto *Tmp = new AllocaInst(Ty, Slot.getAddressSpace(),
                               Slot.getName() + ".out", Slot.getNextNode());
    Tmp->setAlignment(Slot.getAlign());
    IRBuilder<> Before(CI);
    Before.CreateStore(Before.CreateLoad(Ty, &Slot), Tmp);
    for (Use &A : CI->args())
      if (A.get() == &Slot)
        A.set(Tmp);
    IRBuilder<> After(CI->getNextNode());
    After.CreateStore(After.CreateLoad(Ty, Tmp), &Slot);
  }
}

/// Turns -O0's short-circuit conditions (`i < n && i < 2`: a block that
/// tests the second operand, then a phi of i1 that is a constant on the
/// edge from the first test) into selects, so that ScalarEvolution reads
/// a loop's exit count through them (umin of both). Only where the second
/// test's block has no other predecessor and nothing in it has an effect.
/// The CFG stays as it is.
void foldShortCircuitPhis(Function &F) {
  std::vector<PHINode *> Phis;
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      if (Phi.getType()->isIntegerTy(1) && Phi.getNumIncomingValues() == 2)
        Phis.push_back(&Phi);
  for (PHINode *Phi : Phis) {
    for (unsigned K = 0; K < 2; ++K) {
      auto *Const = dyn_cast<ConstantInt>(Phi->getIncomingValue(K));
      BasicBlock *A = Phi->getIncomingBlock(K);
      BasicBlock *B = Phi->getIncomingBlock(1 - K);
      Value *Second = Phi->getIncomingValue(1 - K);
      auto *Br = dyn_cast<BranchInst>(A->getTerminator());
      auto *BBr = dyn_cast<BranchInst>(B->getTerminator());
      if (!Const || !Br || !Br->isConditional() || !BBr ||
          BBr->isConditional() || B->getSinglePredecessor() != A ||
          BBr->getSuccessor(0) != Phi->getParent() ||
          !is_contained(successors(A), Phi->getParent()) ||
          !is_contained(successors(A), B))
        continue;
      bool Safe = true;
      for (Instruction &I : *B)
        if (&I != BBr && (isa<PHINode>(I) || !isSafeToSpeculativelyExecute(&I)))
          Safe = false;
      if (!Safe)
        continue;
      // B's instructions run in A, before its branch.
      while (&B->front() != BBr)
        B->front().moveBefore(Br);
      Value *C1 = Br->getCondition();
      IRBuilder<> At(Phi->getParent()->getFirstNonPHI());
      Value *Sel = Br->getSuccessor(0) == B
                       ? At.CreateSelect(C1, Second, Const)
                       : At.CreateSelect(C1, Const, Second);
      Phi->replaceAllUsesWith(Sel);
      Phi->eraseFromParent();
      break;
    }
  }
}

} // namespace

PromotedCopy::PromotedCopy(Function &F)
    : Copy(CloneFunction(&F, VMap)), DT(*Copy), AC(*Copy),
      TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII) {
  std::vector<AllocaInst *> OutSlots;
  for (Instruction &I : Copy->getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (!isAllocaPromotable(AI) && onlyOutParameter(*AI))
        OutSlots.push_back(AI);
  for (AllocaInst *AI : OutSlots)
    outParameterToTemporaries(*AI);
  std::vector<AllocaInst *> Slots;
  for (Instruction &I : Copy->getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isAllocaPromotable(AI))
        Slots.push_back(AI);
  // Promotion keeps the CFG, so DT stays valid.
  if (!Slots.empty())
    PromoteMemToReg(Slots, DT, &AC);
  foldShortCircuitPhis(*Copy);
  LI = std::make_unique<LoopInfo>(DT);
  SE = std::make_unique<ScalarEvolution>(*Copy, TLI, AC, DT, *LI);
}

namespace {

/// A libstdc++ iterator helper: a defined member of std:: or __gnu_cxx::
/// whose name says it only computes an iterator or compares two.
bool isIteratorHelper(const Function &F) {
  if (F.isDeclaration() || F.isVarArg())
    return false;
  StringRef N = F.getName();
  if (!N.starts_with("_ZNSt") && !N.starts_with("_ZNKSt") &&
      !N.starts_with("_ZN9__gnu_cxx") && !N.starts_with("_ZNK9__gnu_cxx"))
    return false;
  std::optional<DemangledFunction> D = demangleFunction(N);
  if (!D)
    return false;
  StringRef B = D->Base;
  return B == "begin" || B == "end" || B == "data" || B == "base" ||
         B == "operator!=" || B == "operator==" || B == "operator*" ||
         B == "operator++" || B == "__normal_iterator" || B == "_S_ptr";
}

} // namespace

bool PromotedCopy::inlineIteratorHelpers() {
  unsigned Inlined = 0;
  // Helpers call helpers (begin() builds a __normal_iterator): a few
  // rounds, bounded.
  for (unsigned Round = 0; Round < 4; ++Round) {
    std::vector<CallBase *> Calls;
    for (Instruction &I : instructions(*Copy))
      if (auto *CB = dyn_cast<CallInst>(&I))
        if (Function *Callee = CB->getCalledFunction())
          if (isIteratorHelper(*Callee))
            Calls.push_back(CB);
    if (Calls.empty())
      break;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      if (InlineFunction(*CB, IFI).isSuccess())
        ++Inlined;
    }
  }
  if (!Inlined)
    return false;
  refresh();
  return true;
}

std::vector<PromotedCopy::InlinedCall>
PromotedCopy::inlineCalls(ArrayRef<const CallBase *> Calls,
                          function_ref<bool(const Function &)> Wanted) {
  std::vector<InlinedCall> Out;
  auto WantedCalls = [&] {
    DenseSet<CallBase *> S;
    for (Instruction &I : instructions(*Copy))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction();
            Callee && Wanted(*Callee))
          S.insert(CB);
    return S;
  };
  for (const CallBase *Orig : Calls) {
    auto *C = dyn_cast_or_null<CallInst>(copyOf<CallBase>(Orig));
    if (!C || !C->getCalledFunction() ||
        C->getCalledFunction()->isDeclaration())
      continue;
    Instruction *Next = C->getNextNode();
    DenseSet<CallBase *> Before = WantedCalls();
    InlineFunctionInfo IFI;
    if (!Next || !InlineFunction(*C, IFI).isSuccess())
      continue;
    InlinedCall R;
    R.Original = Orig;
    R.Continue = Next->getParent();
    for (CallBase *CB : WantedCalls())
      if (!Before.count(CB))
        R.Brought.push_back(CB);
    Out.push_back(std::move(R));
  }
  if (!Out.empty())
    refresh();
  return Out;
}

void PromotedCopy::refresh() {
  SE.reset();
  LI.reset();
  {
    FunctionAnalysisManager FAM;
    FAM.registerPass([] { return PassInstrumentationAnalysis(); });
    FAM.registerPass([] { return DominatorTreeAnalysis(); });
    FAM.registerPass([] { return AssumptionAnalysis(); });
    FAM.registerPass([] { return TargetIRAnalysis(); });
    SROAPass(SROAOptions::PreserveCFG).run(*Copy, FAM);
  }
  DT.recalculate(*Copy);
  AC.clear();
  LI = std::make_unique<LoopInfo>(DT);
  SE = std::make_unique<ScalarEvolution>(*Copy, TLI, AC, DT, *LI);
}

PromotedCopy::~PromotedCopy() {
  // The analyses refer to the copy: gone before it.
  SE.reset();
  LI.reset();
  Copy->eraseFromParent();
}

} // namespace racesift
