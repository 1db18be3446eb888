//===- JoinedInstances.cpp - What a join loop reads of the thread it joined
//-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The textbook way to collect each thread's result:
//
//   for (i = 0; i < n; i++) {                for (i = 0; i < n; i++) {
//     a = malloc(sizeof *a); ...               pthread_join(t[i], 0);
//     args[i] = a;                             total += args[i]->sum;
//     pthread_create(&t[i], 0, w, a);          free(args[i]);
//   }                                        }
//
// In iteration k the join loop joins the thread created in iteration k and
// then touches the record handed to it; each worker touches only its own
// record (instance-owned). So the creator's access happens after every
// access of the one instance that owns its memory, and the other instances
// never touch it. ScalarEvolution, on a copy of the creating function with
// its promotable locals in SSA form, proves the iteration correspondence;
// the graph-level conditions (ownership, no other write of the handles)
// are the builder's. See "joined-instance" in docs/design-threadmodel.md.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "PromotedCopy.h"
#include "ThreadModelInternal.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {

bool sameElements(ScalarEvolution &SE, const SCEVAddRecExpr *A,
                  const SCEVAddRecExpr *B) {
  return A->getStart() == B->getStart() &&
         A->getStepRecurrence(SE) == B->getStepRecurrence(SE);
}

/// The accesses through Record at constant offsets: loads and stores
/// through it, and calls all of whose pointer arguments are it (free).
void accessesThrough(const Value *Record,
                     std::vector<const Instruction *> &Out) {
  SmallVector<const Value *, 8> Work{Record};
  SmallPtrSet<const Value *, 8> Seen{Record};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *I = U.getUser();
      if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
        if (GEP->getPointerOperand() == V && GEP->hasAllConstantIndices() &&
            Seen.insert(GEP).second)
          Work.push_back(GEP);
      } else if (auto *LI = dyn_cast<LoadInst>(I)) {
        Out.push_back(LI);
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() == 1)
          Out.push_back(SI);
      } else if (auto *CB = dyn_cast<CallBase>(I)) {
        if (CB->isArgOperand(&U) && all_of(CB->args(), [&](const Use &A) {
              return !A->getType()->isPointerTy() || Seen.count(A.get());
            }))
          Out.push_back(CB);
      }
    }
  }
}

/// joined-index: a load or store I of loop L2 at `Base + Offset + Stride *
/// k` in iteration k (Base a global or an alloca of the function, as in the
/// original), for a create that passed the counter C0 + C1 * k.
std::optional<JoinedInstanceAccess> indexedAccess(
    ScalarEvolution &SE, LoopInfo &LI, const Instruction &I, const Loop *L2,
    std::pair<int64_t, int64_t> Counter,
    const DenseMap<const Instruction *, const Instruction *> &Original,
    const DataLayout &DL) {
  const Value *Ptr = getLoadStorePointerOperand(&I);
  const SCEVAddRecExpr *AR = Ptr ? elementRecurrence(SE, LI, I, Ptr) : nullptr;
  if (!AR || AR->getLoop() != L2 || !AR->hasNoSelfWrap())
    return std::nullopt;
  const SCEV *Start = AR->getStart();
  int64_t Offset = 0;
  if (auto *Add = dyn_cast<SCEVAddExpr>(Start)) {
    auto *C = Add->getNumOperands() == 2
                  ? dyn_cast<SCEVConstant>(Add->getOperand(0))
                  : nullptr;
    if (!C || C->getAPInt().getSignificantBits() > 32)
      return std::nullopt;
    Offset = C->getAPInt().getSExtValue();
    Start = Add->getOperand(1);
  }
  auto *U = dyn_cast<SCEVUnknown>(Start);
  const Value *Base = U ? U->getValue() : nullptr;
  if (auto *AI = dyn_cast_or_null<AllocaInst>(Base))
    Base = Original.lookup(AI);
  else if (!isa_and_nonnull<GlobalVariable>(Base))
    Base = nullptr;
  const Instruction *Orig = Original.lookup(&I);
  if (!Base || !Orig)
    return std::nullopt;
  JoinedInstanceAccess X;
  X.Inst = Orig;
  X.Base = Base;
  X.Offset = Offset;
  X.Stride =
      cast<SCEVConstant>(AR->getStepRecurrence(SE))->getAPInt().getSExtValue();
  X.Size = DL.getTypeStoreSize(getLoadStoreType(const_cast<Instruction *>(&I)));
  X.C0 = Counter.first;
  X.C1 = Counter.second;
  return X;
}

} // namespace

const SCEVAddRecExpr *elementRecurrence(ScalarEvolution &SE, LoopInfo &LI,
                                        const Instruction &At,
                                        const Value *Ptr) {
  const Loop *L = LI.getLoopFor(At.getParent());
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
  return AR;
}

std::vector<JoinedInstanceAccess> findJoinedInstanceAccesses(
    PromotedCopy &PC, ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
    ArrayRef<const CallBase *> Joins) {
  std::vector<JoinedInstanceAccess> Out;
  // The stores of a pointer, before the create in its block, that are the
  // only store into a private local table: after the create loop element
  // k holds what iteration k stored.
  auto TableStores = [](const CallBase &Create) {
    std::vector<const StoreInst *> Stores;
    for (const Instruction &I : *Create.getParent()) {
      if (&I == &Create)
        break;
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI || !SI->getValueOperand()->getType()->isPointerTy())
        continue;
      if (std::optional<PrivateTable> T = privateTable(SI->getPointerOperand()))
        if (T->Stores.size() == 1)
          Stores.push_back(SI);
    }
    return Stores;
  };
  auto ArgNoOf = [](const CallBase &CB) {
    const Function *F = CB.getCalledFunction();
    return F && F->getName() == "thrd_create" ? 2u : 3u;
  };
  const Function &F = *Sites.front().second->getFunction();
  const DataLayout &DL = F.getParent()->getDataLayout();
  ScalarEvolution &SE = *PC.SE;
  LoopInfo &LI = *PC.LI;
  DenseMap<const Instruction *, const Instruction *> Original;
  for (const Instruction &I : instructions(F))
    if (auto *C = PC.copyOf<Instruction>(&I))
      Original[C] = &I;

  for (const auto &[Site, OrigCreate] : Sites) {
    auto *Create = PC.copyOf<CallBase>(OrigCreate);
    unsigned ArgNo = ArgNoOf(*OrigCreate);
    if (!Create || Create->arg_size() <= ArgNo)
      continue;
    const SCEVAddRecExpr *CAR =
        elementRecurrence(SE, LI, *Create, Create->getArgOperand(0));
    if (!CAR || !CAR->hasNoSelfWrap())
      continue;
    // The counter value iteration k passes, C0 + C1 * k, if any.
    std::optional<std::pair<int64_t, int64_t>> Counter;
    {
      const Value *Arg = Create->getArgOperand(ArgNo);
      while (auto *C = dyn_cast<CastInst>(Arg))
        Arg = C->getOperand(0);
      auto *AR =
          Arg->getType()->isIntegerTy()
              ? dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Arg)))
              : nullptr;
      auto *Start = AR ? dyn_cast<SCEVConstant>(AR->getStart()) : nullptr;
      auto *Step = AR && AR->isAffine()
                       ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE))
                       : nullptr;
      if (Start && Step && AR->getLoop() == CAR->getLoop() &&
          AR->hasNoSignedWrap() &&
          Start->getAPInt().getSignificantBits() <= 32 &&
          Step->getAPInt().getSignificantBits() <= 32)
        Counter = {Start->getAPInt().getSExtValue(),
                   Step->getAPInt().getSExtValue()};
    }
    // The tables iteration k stores the thread's argument into, at k.
    std::vector<const SCEVAddRecExpr *> Tables;
    for (const StoreInst *OrigStore : TableStores(*OrigCreate)) {
      auto *Store = PC.copyOf<StoreInst>(OrigStore);
      if (!Store || Store->getValueOperand() != Create->getArgOperand(ArgNo))
        continue;
      const SCEVAddRecExpr *TAR =
          elementRecurrence(SE, LI, *Store, Store->getPointerOperand());
      if (TAR && TAR->getLoop() == CAR->getLoop() && TAR->hasNoSelfWrap())
        Tables.push_back(TAR);
    }
    if (Tables.empty() && !Counter)
      continue;
    for (const CallBase *OrigJoin : Joins) {
      auto *Join = PC.copyOf<CallBase>(OrigJoin);
      auto *Handle = Join && Join->arg_size()
                         ? dyn_cast<LoadInst>(Join->getArgOperand(0))
                         : nullptr;
      const SCEVAddRecExpr *JAR =
          Handle ? elementRecurrence(SE, LI, *Join, Handle->getPointerOperand())
                 : nullptr;
      // Iteration k joins the handle iteration k of the create loop stored.
      if (!JAR || JAR->getLoop() == CAR->getLoop() ||
          !sameElements(SE, JAR, CAR))
        continue;
      const Loop *L2 = JAR->getLoop();
      for (BasicBlock *BB : L2->blocks())
        for (Instruction &I : *BB) {
          if (Counter && isa<LoadInst, StoreInst>(&I) &&
              PC.DT.dominates(Join, &I))
            if (std::optional<JoinedInstanceAccess> X =
                    indexedAccess(SE, LI, I, L2, *Counter, Original, DL)) {
              X->Creation = Site;
              Out.push_back(*X);
            }
          auto *Record = dyn_cast<LoadInst>(&I);
          if (!Record || !Record->getType()->isPointerTy())
            continue;
          const SCEVAddRecExpr *RAR =
              elementRecurrence(SE, LI, *Record, Record->getPointerOperand());
          if (!RAR || RAR->getLoop() != L2 ||
              none_of(Tables, [&](const SCEVAddRecExpr *T) {
                return sameElements(SE, RAR, T);
              }))
            continue;
          std::vector<const Instruction *> Through;
          accessesThrough(Record, Through);
          for (const Instruction *X : Through)
            if (PC.DT.dominates(Join, X))
              if (const Instruction *Orig = Original.lookup(X))
                Out.push_back({Orig, Site});
        }
    }
  }
  return Out;
}

} // namespace racesift
