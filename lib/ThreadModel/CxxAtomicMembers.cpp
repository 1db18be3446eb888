//===- CxxAtomicMembers.cpp - std::atomic operations as IR atomics --------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cxx-atomic-members (docs/design-threadmodel.md): at -O0 `ready.load(
// std::memory_order_acquire)` is a call of std::atomic<bool>::load, whose
// body switches on the memory order and reads `this->_M_i` through a local
// slot; libstdc++'s always-inline members (fetch_add, exchange) are inlined
// by clang with the same switch and slots. The model saw an atomic access
// of one of five orders through an unknown pointer and an unknown result,
// so a flag read with it decided nothing. On the analysis copy of the
// module, each user function's calls of these members are inlined, the
// members' local slots promoted to values, and the switch on the (constant)
// order folded: what is left is the one IR atomic the source means, on the
// global or field itself, whose result the function compares.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace racesift {

namespace {

/// Members of std::atomic, its bases and std::atomic_flag, and the memory
/// order helpers they call; not the C++20 waits and notifications (futex
/// code of the library, modelled where they are called).
bool isAtomicMember(StringRef N) {
  if (N.contains("4waitE") || N.contains("10notify_oneE") ||
      N.contains("10notify_allE"))
    return false;
  for (StringRef P :
       {"_ZNSt6atomicI", "_ZNKSt6atomicI", "_ZNSt13__atomic_baseI",
        "_ZNKSt13__atomic_baseI", "_ZNSt11atomic_flag", "_ZNKSt11atomic_flag",
        "_ZNSt17__atomic_flag_base", "_ZStanSt12memory_order",
        "_ZStorSt12memory_order", "_ZSt23__cmpexch_failure_order",
        "_ZSt24__cmpexch_failure_order2"})
    if (N.starts_with(P))
      return true;
  return false;
}

bool inAtomicMember(const DILocalScope *S) {
  const DISubprogram *SP = S ? S->getSubprogram() : nullptr;
  return SP && isAtomicMember(SP->getLinkageName());
}

bool inAtomicMember(const DILocation *L) {
  return L && inAtomicMember(L->getScope());
}

/// The source variables AI holds (debug records or dbg.declare calls).
SmallVector<const DILocalVariable *, 2> declaredAs(AllocaInst &AI) {
  SmallVector<const DILocalVariable *, 2> Vars;
  for (DbgVariableRecord *R : findDVRDeclares(&AI))
    Vars.push_back(R->getVariable());
  for (DbgDeclareInst *D : findDbgDeclares(&AI))
    Vars.push_back(D->getVariable());
  return Vars;
}

bool declaredInAtomicMember(AllocaInst &AI) {
  return any_of(declaredAs(AI), [](const DILocalVariable *V) {
    return inAtomicMember(V->getScope());
  });
}

/// A temporary of the members' code (clang's atomic builtin operands and
/// results): no declaration, every use a load or store in a member.
bool atomicTemporary(AllocaInst &AI) {
  if (!declaredAs(AI).empty() || AI.use_empty())
    return false;
  for (const User *U : AI.users()) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I || !(isa<LoadInst>(I) || isa<StoreInst>(I)) ||
        !inAtomicMember(I->getDebugLoc()))
      return false;
  }
  return true;
}

/// Calls and invokes (a noexcept member's own calls) of members.
std::vector<CallBase *> memberCalls(Function &F) {
  std::vector<CallBase *> Out;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Function *Callee = CB->getCalledFunction();
          Callee && !Callee->isDeclaration() &&
          isAtomicMember(Callee->getName()) && !CB->isMustTailCall())
        Out.push_back(CB);
  return Out;
}

bool hasInlinedMember(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (I.isAtomic() && inAtomicMember(I.getDebugLoc()))
      return true;
  return false;
}

/// Folds what the promotion made constant: the order masks, the switch on
/// the order, the branches no order takes.
void foldConstants(Function &F) {
  const DataLayout &DL = F.getDataLayout();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction &I : make_early_inc_range(instructions(F))) {
      if (I.isTerminator() || I.mayHaveSideEffects() || isa<PHINode>(I))
        continue;
      if (Constant *C = ConstantFoldInstruction(&I, DL)) {
        I.replaceAllUsesWith(C);
        I.eraseFromParent();
        Changed = true;
      }
    }
    for (BasicBlock &BB : F)
      Changed |= ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
    Changed |= removeUnreachableBlocks(F);
  }
}

bool lowerAtomicMembers(Function &F) {
  // The slots of the members inlined here; clang's own inlining of the
  // always-inline members is recognised by its debug scopes.
  SetVector<AllocaInst *> Slots;
  bool Inlined = false;
  for (unsigned Round = 0; Round < 8; ++Round) {
    std::vector<CallBase *> Calls = memberCalls(F);
    if (Calls.empty())
      break;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      if (InlineFunction(*CB, IFI).isSuccess()) {
        Inlined = true;
        for (AllocaInst *AI : IFI.StaticAllocas)
          Slots.insert(AI);
      }
    }
  }
  if (!Inlined && !hasInlinedMember(F))
    return false;
  std::vector<AllocaInst *> Promote;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if ((Slots.count(AI) || declaredInAtomicMember(*AI) ||
           atomicTemporary(*AI)) &&
          isAllocaPromotable(AI))
        Promote.push_back(AI);
  if (!Promote.empty()) {
    DominatorTree DT(F);
    PromoteMemToReg(Promote, DT);
  }
  foldConstants(F);
  return true;
}

} // namespace

bool hasCxxAtomicMembers(const Module &M) {
  for (const Function &F : M)
    if (isAtomicMember(F.getName()) && !F.isDeclaration() && !F.use_empty())
      return true;
  // Clang inlines the always-inline members even at -O0.
  for (const Function &F : M)
    if (!F.isDeclaration() && !isAtomicMember(F.getName()) &&
        hasInlinedMember(F))
      return true;
  return false;
}

bool lowerCxxAtomicMembers(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && !isAtomicMember(F.getName()))
      Changed |= lowerAtomicMembers(F);
  return Changed;
}

} // namespace racesift
