//===- Refine.cpp - What an infeasible interleaving's branch read ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Refinement hints. When a replay leaves the interleaving at a branch
// (`if (ok)` after `ok = !s.busy`), the model checker took that branch
// without knowing the data it tests. The global memory the condition reads
// is what the model should track for a new search: a backward slice from
// the condition through arithmetic, comparisons, the function's own locals
// (each store into the local) and the returns of defined callees, up to a
// bound. Heap memory and pointers passed in are not named: the model
// tracks global data only.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {
namespace validate {

std::vector<const Value *> memoryReadBy(const Instruction &Branch) {
  const Value *Cond = nullptr;
  if (auto *Br = dyn_cast<BranchInst>(&Branch))
    Cond = Br->isConditional() ? Br->getCondition() : nullptr;
  else if (auto *Sw = dyn_cast<SwitchInst>(&Branch))
    Cond = Sw->getCondition();
  std::vector<const Value *> Out;
  if (!Cond)
    return Out;
  constexpr unsigned MaxValues = 64;
  SmallVector<const Value *, 16> Work{Cond};
  SmallPtrSet<const Value *, 32> Seen{Cond};
  auto Push = [&](const Value *V) {
    if (Seen.size() < MaxValues && Seen.insert(V).second)
      Work.push_back(V);
  };
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I)
      continue; // Constants and arguments: nothing read here.
    if (auto *LI = dyn_cast<LoadInst>(I)) {
      const Value *Ptr = LI->getPointerOperand();
      const Value *Base = getUnderlyingObject(Ptr);
      if (auto *AI = dyn_cast<AllocaInst>(Base)) {
        // A local: whatever was stored into it.
        for (const User *U : AI->users())
          if (auto *SI = dyn_cast<StoreInst>(U);
              SI && SI->getPointerOperand()->stripPointerCasts() == Ptr)
            Push(SI->getValueOperand());
      } else if (isa<GlobalVariable>(Base) &&
                 std::find(Out.begin(), Out.end(), Ptr) == Out.end()) {
        Out.push_back(Ptr);
      }
      continue;
    }
    if (auto *CB = dyn_cast<CallBase>(I)) {
      if (const Function *F = CB->getCalledFunction(); F && !F->isDeclaration())
        for (const BasicBlock &BB : *F)
          if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()))
            if (RI->getReturnValue())
              Push(RI->getReturnValue());
      continue;
    }
    if (isa<CmpInst>(I) || isa<BinaryOperator>(I) || isa<CastInst>(I) ||
        isa<SelectInst>(I) || isa<PHINode>(I) || isa<ExtractValueInst>(I) ||
        isa<UnaryOperator>(I) || isa<FreezeInst>(I))
      for (const Use &Op : I->operands())
        Push(Op.get());
  }
  return Out;
}

} // namespace validate
} // namespace racesift
