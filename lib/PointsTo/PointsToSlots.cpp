//===- PointsToSlots.cpp - Local pointer slots as SSA values ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// At -O0 every local pointer variable is an alloca that is stored and
// loaded. Flow-insensitively, `p--` on such a slot is a cycle through a GEP
// (a positive-weight cycle, whose offsets fold to AnyOffset: every field of
// everything p points to), and `p = a; ...; p = b;` gives both to every
// load. A slot whose address never escapes is promoted as mem2reg would
// promote it ("slot-ssa" in docs/design-threadmodel.md): each load copies
// the stores that reach it, through one node per join point (where mem2reg
// would place a phi). Sound: the slot holds nothing else.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"

#include "llvm/Analysis/IteratedDominanceFrontier.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace racesift {

/// A non-volatile, non-atomic `ptr` slot that is only loaded and stored as a
/// pointer (never passed, stored or offset), like mem2reg's promotable
/// allocas.
static bool isPointerSlot(const AllocaInst &AI) {
  if (!AI.getAllocatedType()->isPointerTy() || AI.isArrayAllocation())
    return false;
  for (const User *U : AI.users()) {
    if (auto *LI = dyn_cast<LoadInst>(U)) {
      if (!LI->isSimple() || !LI->getType()->isPointerTy())
        return false;
    } else if (auto *SI = dyn_cast<StoreInst>(U)) {
      if (!SI->isSimple() || SI->getValueOperand() == &AI ||
          !SI->getValueOperand()->getType()->isPointerTy())
        return false;
    } else if (auto *II = dyn_cast<IntrinsicInst>(U)) {
      if (!II->isLifetimeStartOrEnd() && !II->isDroppable())
        return false;
    } else {
      return false;
    }
  }
  return true;
}

void ConstraintBuilder::promoteSlots(Function &F) {
  DenseMap<const Value *, unsigned> Index;
  SmallVector<AllocaInst *, 16> Slots;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isPointerSlot(*AI)) {
        Index[AI] = Slots.size();
        Slots.push_back(AI);
        PromotedSlots.insert(AI);
      }
  if (Slots.empty())
    return;
  DominatorTree DT(F);
  // The join nodes of each block: (slot, node).
  DenseMap<const BasicBlock *, SmallVector<std::pair<unsigned, uint32_t>, 2>>
      Joins;
  // Blocks that may read a slot before writing it, per slot: one pass.
  std::vector<SmallVector<BasicBlock *, 4>> ReadFirst(Slots.size());
  std::vector<unsigned> Seen(Slots.size(), ~0u); // Block number, if seen.
  unsigned BlockNo = 0;
  for (BasicBlock &BB : F) {
    for (Instruction &I : BB) {
      auto *LI = dyn_cast<LoadInst>(&I);
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!LI && !SI)
        continue;
      auto It =
          Index.find(LI ? LI->getPointerOperand() : SI->getPointerOperand());
      if (It == Index.end() || Seen[It->second] == BlockNo)
        continue;
      Seen[It->second] = BlockNo;
      if (LI)
        ReadFirst[It->second].push_back(&BB);
    }
    ++BlockNo;
  }
  for (unsigned K = 0; K < Slots.size(); ++K) {
    SmallPtrSet<BasicBlock *, 8> Defs, LiveIn;
    for (User *U : Slots[K]->users())
      if (auto *SI = dyn_cast<StoreInst>(U))
        Defs.insert(SI->getParent());
    // Pruned SSA, as mem2reg: joins only where the slot is live, i.e. a
    // load may read it before a store.
    SmallVector<BasicBlock *, 8> Work(ReadFirst[K].begin(), ReadFirst[K].end());
    LiveIn.insert(Work.begin(), Work.end());
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      for (BasicBlock *Pred : predecessors(BB))
        if (!Defs.contains(Pred) && LiveIn.insert(Pred).second)
          Work.push_back(Pred);
    }
    ForwardIDFCalculator IDF(DT);
    IDF.setDefiningBlocks(Defs);
    IDF.setLiveInBlocks(LiveIn);
    SmallVector<BasicBlock *, 8> JoinBlocks;
    IDF.calculate(JoinBlocks);
    for (BasicBlock *BB : JoinBlocks)
      Joins[BB].push_back({K, G.newNode()});
  }

  // Renaming over the dominator tree, iteratively (functions of thousands
  // of blocks nest deeply), with an undo log of the current definitions.
  constexpr uint32_t None = ~0u; // Uninitialised or null: no pointee.
  std::vector<uint32_t> Cur(Slots.size(), None);
  std::vector<std::pair<unsigned, uint32_t>> Undo;
  auto Define = [&](unsigned K, uint32_t N) {
    Undo.push_back({K, Cur[K]});
    Cur[K] = N;
  };
  auto SlotOf = [&](const Value *Ptr) -> std::optional<unsigned> {
    auto It = Index.find(Ptr);
    return It == Index.end() ? std::nullopt : std::optional(It->second);
  };
  struct Frame {
    DomTreeNode *N;
    size_t Child;
    size_t UndoMark;
  };
  std::vector<Frame> Stack;
  auto Enter = [&](DomTreeNode *DN) {
    Stack.push_back({DN, 0, Undo.size()});
    BasicBlock *BB = DN->getBlock();
    for (auto [K, J] : Joins.lookup(BB))
      Define(K, J);
    for (Instruction &I : *BB) {
      if (auto *SI = dyn_cast<StoreInst>(&I)) {
        if (auto K = SlotOf(SI->getPointerOperand())) {
          Value *V = SI->getValueOperand();
          Define(*K, isa<ConstantPointerNull>(V) || isa<UndefValue>(V)
                         ? None
                         : nodeOf(V));
        }
      } else if (auto *LI = dyn_cast<LoadInst>(&I)) {
        if (auto K = SlotOf(LI->getPointerOperand()))
          if (Cur[*K] != None)
            S.addCopy(Cur[*K], nodeOf(LI));
      }
    }
    for (BasicBlock *Succ : successors(BB))
      for (auto [K, J] : Joins.lookup(Succ))
        if (Cur[K] != None)
          S.addCopy(Cur[K], J);
  };
  Enter(DT.getRootNode());
  while (!Stack.empty()) {
    Frame &Top = Stack.back();
    if (Top.Child < Top.N->getNumChildren()) {
      DomTreeNode *Next = Top.N->begin()[Top.Child++];
      Enter(Next);
      continue;
    }
    for (size_t U = Undo.size(); U > Top.UndoMark; --U)
      Cur[Undo[U - 1].first] = Undo[U - 1].second;
    Undo.resize(Top.UndoMark);
    Stack.pop_back();
  }
}

} // namespace racesift
