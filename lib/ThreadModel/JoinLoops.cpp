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

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace racesift {

bool isMarker(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  return II &&
         (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II) ||
          II->getIntrinsicID() == Intrinsic::assume ||
          II->getIntrinsicID() == Intrinsic::experimental_noalias_scope_decl);
}

namespace {

/// The handle address of a call, as an add recurrence of a single loop of
/// depth 1 that steps by a positive constant (Step), or null.
const SCEVAddRecExpr *handleRecurrence(ScalarEvolution &SE, LoopInfo &LI,
                                       const Instruction &Call,
                                       const Value *Ptr, int64_t &Step) {
  const SCEVAddRecExpr *AR = elementRecurrence(SE, LI, Call, Ptr);
  if (AR)
    Step = cast<SCEVConstant>(AR->getStepRecurrence(SE))
               ->getAPInt()
               .getSExtValue();
  return AR;
}

} // namespace
namespace {

/// For a pthread_join/thrd_join call Join of PC's copy: the sites (of
/// Sites, calls of F) whose every handle the loop around Join joins, each
/// with the loop's exit block in the copy.
std::vector<std::pair<unsigned, BasicBlock *>>
joinedSites(PromotedCopy &PC, CallBase &Join,
            ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
            const DataLayout &DL) {
  std::vector<std::pair<unsigned, BasicBlock *>> Out;
  DominatorTree &DT = PC.DT;
  LoopInfo &LI = *PC.LI;
  ScalarEvolution &SE = *PC.SE;
  if (Join.arg_size() < 1)
    return Out;
  // The thread id passed by value, loaded from the handle's address.
  auto *Load = dyn_cast<LoadInst>(Join.getArgOperand(0));
  if (!Load || Load->isVolatile())
    return Out;
  int64_t JStep;
  const SCEVAddRecExpr *JAR =
      handleRecurrence(SE, LI, Join, Load->getPointerOperand(), JStep);
  if (!JAR)
    return Out;
  const Loop *L2 = JAR->getLoop();
  // Every iteration that goes round joins (the join dominates the one
  // latch), the loop leaves only through one block (no break, return or
  // exit inside), into a block entered from nowhere else, and the number
  // of iterations is known exactly (in terms of the function's values,
  // such as `n`).
  BasicBlock *Latch = L2->getLoopLatch();
  BasicBlock *Exiting = L2->getExitingBlock();
  BasicBlock *Exit = L2->getExitBlock();
  if (!Latch || !Exiting || !Exit || Exit->getSinglePredecessor() != Exiting ||
      !DT.dominates(Join.getParent(), Latch))
    return Out;
  const SCEV *Joined = SE.getBackedgeTakenCount(L2);
  if (isa<SCEVCouldNotCompute>(Joined))
    return Out;
  // Ids no larger than the step (an array of them, or of records that
  // hold one), so consecutive handles are distinct.
  uint64_t Size = DL.getTypeStoreSize(Load->getType());
  if (JStep < 0 || uint64_t(JStep) < Size)
    return Out;

  for (const auto &[Site, OrigCreate] : Sites) {
    auto *Create = PC.copyOf<CallBase>(OrigCreate);
    if (!Create || Create->arg_size() < 1)
      continue;
    int64_t CStep;
    const SCEVAddRecExpr *CAR =
        handleRecurrence(SE, LI, *Create, Create->getArgOperand(0), CStep);
    if (!CAR || CStep != JStep || CAR->getStart() != JAR->getStart() ||
        CAR->getLoop() == L2 || !CAR->hasNoSelfWrap())
      continue;
    // The create loop stores the k-th instance of the site at start + k *
    // step, k at most its largest backedge-taken count (less one when it
    // leaves only from its header and the create is not there: -O0's
    // `for`); the join loop joins those handles for every k below its
    // backedge-taken count.
    const Loop *L1 = CAR->getLoop();
    const SCEV *Created = SE.getSymbolicMaxBackedgeTakenCount(L1);
    if (isa<SCEVCouldNotCompute>(Created))
      continue;
    // The create runs once per backedge when the loop's one exit test
    // comes before it on every round (the header's, in -O0's `for`; or
    // the block after a short-circuit `&&`).
    const BasicBlock *Exiting1 = L1->getExitingBlock();
    bool HeaderOnly = Exiting1 && Create->getParent() != Exiting1 &&
                      PC.DT.dominates(Exiting1, Create->getParent());
    Type *Wide = SE.getWiderType(Created->getType(), Joined->getType());
    const SCEV *C = SE.getNoopOrZeroExtend(Created, Wide);
    const SCEV *J = SE.getNoopOrZeroExtend(Joined, Wide);
    bool Covered = HeaderOnly ? SE.isKnownPredicate(ICmpInst::ICMP_ULE, C, J)
                              : SE.isKnownPredicate(ICmpInst::ICMP_ULT, C, J);
    if (Covered)
      Out.push_back({Site, Exit});
  }
  return Out;
}

} // namespace

bool isJoinFunction(const Function &F) {
  return F.getName() == "pthread_join" || F.getName() == "thrd_join";
}

std::vector<JoinAllPoint>
findJoinAllLoops(PromotedCopy &PC,
                 ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
                 ArrayRef<const CallBase *> Joins) {
  std::vector<JoinAllPoint> Out;
  const Function &F = *Sites.front().second->getFunction();
  const DataLayout &DL = F.getParent()->getDataLayout();
  DenseMap<const BasicBlock *, const BasicBlock *> Original;
  for (const BasicBlock &BB : F)
    if (auto *C = PC.copyOf<BasicBlock>(&BB))
      Original[C] = &BB;
  for (const CallBase *OrigJoin : Joins)
    if (auto *Join = PC.copyOf<CallBase>(OrigJoin))
      for (auto [Site, Exit] : joinedSites(PC, *Join, Sites, DL))
        if (const BasicBlock *At = Original.lookup(Exit))
          Out.push_back({At, Site, OrigJoin});
  return Out;
}

bool isJoinHelper(const Function &H) {
  if (H.isDeclaration() || H.isVarArg() || H.size() > 32)
    return false;
  bool Joins = false;
  for (const Instruction &I : instructions(H)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<DbgInfoIntrinsic>(CB) || isMarker(*CB))
      continue;
    const Function *Callee = CB->getCalledFunction();
    if (!Callee || !isJoinFunction(*Callee))
      return false;
    Joins = true;
  }
  return Joins;
}

std::vector<JoinAllPoint>
findHelperJoinAllLoops(const Function &F,
                       ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
                       ArrayRef<const CallBase *> HelperCalls) {
  std::vector<JoinAllPoint> Out;
  const DataLayout &DL = F.getParent()->getDataLayout();
  PromotedCopy PC(const_cast<Function &>(F));
  for (const PromotedCopy::InlinedCall &IC :
       PC.inlineCalls(HelperCalls, isJoinFunction))
    for (CallBase *Join : IC.Brought)
      for (auto [Site, Exit] : joinedSites(PC, *Join, Sites, DL))
        // Every path out of the helper leaves the loop first.
        if (PC.DT.dominates(Exit, IC.Continue))
          Out.push_back({nullptr, Site, IC.Original, false, IC.Original});
  return Out;
}

} // namespace racesift
