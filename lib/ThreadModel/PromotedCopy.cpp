//===- PromotedCopy.cpp - A function copy ScalarEvolution can read --------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PromotedCopy.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace racesift {

PromotedCopy::PromotedCopy(Function &F)
    : Copy(CloneFunction(&F, VMap)), DT(*Copy), AC(*Copy),
      TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII) {
  std::vector<AllocaInst *> Slots;
  for (Instruction &I : Copy->getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isAllocaPromotable(AI))
        Slots.push_back(AI);
  // Promotion keeps the CFG, so DT stays valid.
  if (!Slots.empty())
    PromoteMemToReg(Slots, DT, &AC);
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
