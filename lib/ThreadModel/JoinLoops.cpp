//===- JoinLoops.cpp - Join loops that join every created thread ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `for (i = 0; i < n; i++) pthread_create(&t[i], ...); ...
//  for (i = 0; i < n; i++) pthread_join(t[i], 0);` with n unknown: the join
// loop's exit is an untracked branch, so the model checker would let it
// leave after any number of joins. When ScalarEvolution proves that the
// join loop visits every handle the create loop stored, the loop's exit
// joins every instance of the creation site (Action::JoinAll). See
// docs/design-threadmodel.md, "join-loop", for the conditions.
//
//===----------------------------------------------------------------------===//

#include "PromotedCopy.h"
#include "ThreadModelInternal.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {

/// The handle address of a call, as an add recurrence of a single loop of
/// depth 1 that steps by a positive constant, or null.
const SCEVAddRecExpr *handleRecurrence(ScalarEvolution &SE, LoopInfo &LI,
                                       const Instruction &Call,
                                       const Value *Ptr, int64_t &Step) {
  const Loop *L = LI.getLoopFor(Call.getParent());
  if (!L || L->getLoopDepth() != 1 || !Ptr->getType()->isPointerTy())
    return nullptr;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Ptr)));
  if (!AR || AR->getLoop() != L || !AR->isAffine() ||
      !SE.isLoopInvariant(AR->getStart(), L))
    return nullptr;
  auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!C || C->getAPInt().isNonPositive() ||
      C->getAPInt().getSignificantBits() > 32)
    return nullptr;
  Step = C->getAPInt().getSExtValue();
  return AR;
}

} // namespace

std::vector<JoinAllPoint>
findJoinAllLoops(ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
                 ArrayRef<const CallBase *> Joins) {
  std::vector<JoinAllPoint> Out;
  if (Sites.empty() || Joins.empty())
    return Out;
  Function &F = *const_cast<Function *>(Sites.front().second->getFunction());
  if (!F.getParent())
    return Out;
  const DataLayout &DL = F.getParent()->getDataLayout();
  {
    PromotedCopy PC(F);
    DominatorTree &DT = PC.DT;
    LoopInfo &LI = *PC.LI;
    ScalarEvolution &SE = *PC.SE;
    DenseMap<const BasicBlock *, const BasicBlock *> Original;
    for (const BasicBlock &BB : F)
      if (auto *C = PC.copyOf<BasicBlock>(&BB))
        Original[C] = &BB;
    auto Mapped = [&](const Instruction *I) {
      return PC.copyOf<Instruction>(I);
    };

    for (const CallBase *OrigJoin : Joins) {
      auto *Join = dyn_cast_or_null<CallBase>(Mapped(OrigJoin));
      if (!Join || Join->arg_size() < 1)
        continue;
      // The thread id passed by value, loaded from the handle's address.
      auto *Load = dyn_cast<LoadInst>(Join->getArgOperand(0));
      if (!Load || Load->isVolatile())
        continue;
      int64_t JStep;
      const SCEVAddRecExpr *JAR =
          handleRecurrence(SE, LI, *Join, Load->getPointerOperand(), JStep);
      if (!JAR)
        continue;
      const Loop *L2 = JAR->getLoop();
      // Every iteration that goes round joins (the join dominates the one
      // latch), the loop leaves only through one block (no break, return
      // or exit inside), into a block entered from nowhere else, and the
      // number of iterations is known exactly (in terms of the function's
      // values, such as `n`).
      BasicBlock *Latch = L2->getLoopLatch();
      BasicBlock *Exiting = L2->getExitingBlock();
      BasicBlock *Exit = L2->getExitBlock();
      if (!Latch || !Exiting || !Exit ||
          Exit->getSinglePredecessor() != Exiting ||
          !DT.dominates(Join->getParent(), Latch))
        continue;
      const SCEV *Joined = SE.getBackedgeTakenCount(L2);
      if (isa<SCEVCouldNotCompute>(Joined))
        continue;
      // Elements no larger than the step, so consecutive handles are
      // distinct.
      uint64_t Size = DL.getTypeStoreSize(Load->getType());
      if (JStep < 0 || uint64_t(JStep) != Size)
        continue;

      for (const auto &[Site, OrigCreate] : Sites) {
        auto *Create = dyn_cast_or_null<CallBase>(Mapped(OrigCreate));
        if (!Create || Create->arg_size() < 1)
          continue;
        int64_t CStep;
        const SCEVAddRecExpr *CAR =
            handleRecurrence(SE, LI, *Create, Create->getArgOperand(0), CStep);
        if (!CAR || CStep != JStep || CAR->getStart() != JAR->getStart() ||
            CAR->getLoop() == L2 || !CAR->hasNoSelfWrap())
          continue;
        // The create loop stores the k-th instance of the site at
        // start + k * step, k at most its largest backedge-taken count
        // (less one when it leaves only from its header and the create is
        // not there: -O0's `for`); the join loop joins those handles for
        // every k below its backedge-taken count.
        const Loop *L1 = CAR->getLoop();
        const SCEV *Created = SE.getSymbolicMaxBackedgeTakenCount(L1);
        if (isa<SCEVCouldNotCompute>(Created))
          continue;
        bool HeaderOnly = L1->getExitingBlock() == L1->getHeader() &&
                          Create->getParent() != L1->getHeader();
        Type *Wide = SE.getWiderType(Created->getType(), Joined->getType());
        const SCEV *C = SE.getNoopOrZeroExtend(Created, Wide);
        const SCEV *J = SE.getNoopOrZeroExtend(Joined, Wide);
        bool Covered = HeaderOnly
                           ? SE.isKnownPredicate(ICmpInst::ICMP_ULE, C, J)
                           : SE.isKnownPredicate(ICmpInst::ICMP_ULT, C, J);
        if (!Covered)
          continue;
        const BasicBlock *At = Original.lookup(Exit);
        if (At)
          Out.push_back({At, Site, OrigJoin});
      }
    }
  }
  return Out;
}

} // namespace racesift
