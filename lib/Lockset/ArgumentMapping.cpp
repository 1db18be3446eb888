//===- ArgumentMapping.cpp - Relative locks across calls --------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A relative lock names "the lock at Base+Offset" of one activation. At a
// call, a lock whose base is also the base of an argument is the lock at
// Param+Offset' in the callee, and back: so `lock_obj(o)` wrappers and
// helpers called with `o->lock` held keep the correlation.
//
//===----------------------------------------------------------------------===//

#include "LocksetSolver.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>

using namespace llvm;
using namespace racesift;
using namespace racesift::lockset;

/// The value stored to an alloca that is stored once and otherwise only
/// loaded (the -O0 home of a parameter or a local pointer).
static const Value *singleStoredValue(const AllocaInst *AI) {
  const Value *Stored = nullptr;
  for (const User *U : AI->users()) {
    if (isa<LoadInst>(U))
      continue;
    if (auto *SI = dyn_cast<StoreInst>(U))
      if (SI->getPointerOperand() == AI && !Stored) {
        Stored = SI->getValueOperand();
        continue;
      }
    if (auto *II = dyn_cast<IntrinsicInst>(U))
      if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
        continue;
    return nullptr;
  }
  return Stored;
}

BaseRef lockset::canonicalBaseOf(const Value *V, const DataLayout &DL) {
  // The same rule as BaseRef in ThreadModel.h: casts, constant GEPs and
  // copies through single-assignment locals do not change the address.
  int64_t Off = 0;
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    V = V->stripPointerCasts();
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      APInt C(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      if (Off != AnyOffset && GEP->accumulateConstantOffset(DL, C))
        Off += C.getSExtValue();
      else
        Off = AnyOffset;
      V = GEP->getPointerOperand();
      continue;
    }
    auto *LI = dyn_cast<LoadInst>(V);
    auto *AI = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
    const Value *S = AI ? singleStoredValue(AI) : nullptr;
    if (!S)
      break;
    V = S;
  }
  return BaseRef{V, Off};
}

std::vector<BaseRef> LocksetSolver::argumentBases(const Action &A,
                                                  const Function *Callee) {
  std::vector<BaseRef> Out;
  auto *CB = dyn_cast_or_null<CallBase>(A.Inst);
  // pthread_once and friends pass no arguments of theirs to the routine.
  if (A.Kind != ActionKind::Call || A.Callback || !CB || !Callee)
    return Out;
  const DataLayout &DL = CB->getModule()->getDataLayout();
  unsigned N = std::min<unsigned>(CB->arg_size(), Callee->arg_size());
  Out.resize(N);
  for (unsigned I = 0; I < N; ++I)
    if (CB->getArgOperand(I)->getType()->isPointerTy())
      Out[I] = canonicalBaseOf(CB->getArgOperand(I), DL);
  return Out;
}

LockIdx LocksetSolver::relativeLock(BaseRef B, const LockInfo &Like) {
  auto It = LockIds.find(std::make_tuple(2, ObjectId(0), B.Offset, B.Base));
  if (It != LockIds.end())
    return It->second;
  // A key first met through a call: its may-locations are unknown here (the
  // caller's are only this call's), so every unlock may release it.
  LockInfo L;
  L.Relative = true;
  L.Base = B;
  L.Name = Like.Name;
  return internLock(L);
}

static void sortUnique(std::vector<HeldFact> &Held) {
  std::sort(Held.begin(), Held.end(), [](const HeldFact &X, const HeldFact &Y) {
    return X.Lock != Y.Lock ? X.Lock < Y.Lock : X.Depth > Y.Depth;
  });
  Held.erase(std::unique(Held.begin(), Held.end(),
                         [](const HeldFact &X, const HeldFact &Y) {
                           return X.Lock == Y.Lock;
                         }),
             Held.end());
}

LockState LocksetSolver::calleeEntry(const LockState &S, const Action &A,
                                     const Function *Callee) {
  LockState Entry;
  std::vector<BaseRef> Args = argumentBases(A, Callee);
  for (const HeldFact &H : S.Held) {
    if (!Locks[H.Lock].Relative) {
      Entry.Held.push_back(H);
      continue;
    }
    // A copy: interning below may grow Locks.
    const LockInfo I = Locks[H.Lock];
    for (unsigned K = 0; K < Args.size(); ++K) {
      if (Args[K].Base != I.Base.Base || Args[K].Offset == AnyOffset)
        continue;
      HeldFact M = H;
      M.Lock =
          relativeLock({Callee->getArg(K), I.Base.Offset - Args[K].Offset}, I);
      Entry.Held.push_back(M);
    }
  }
  sortUnique(Entry.Held);
  return Entry;
}

void LocksetSolver::mapBack(const LockState &Exit, const Action &A,
                            const Function *Callee, LockState &R) {
  std::vector<BaseRef> Args = argumentBases(A, Callee);
  for (const HeldFact &H : Exit.Held) {
    const LockInfo I = Locks[H.Lock]; // A copy: interning may grow Locks.
    if (!I.Relative)
      continue;
    auto *Arg = dyn_cast_or_null<Argument>(I.Base.Base);
    if (!Arg || Arg->getParent() != Callee || Arg->getArgNo() >= Args.size())
      continue; // Other relative locks end with the callee's activation.
    BaseRef Actual = Args[Arg->getArgNo()];
    if (!Actual.Base || Actual.Offset == AnyOffset)
      continue;
    HeldFact M = H;
    M.Lock = relativeLock({Actual.Base, Actual.Offset + I.Base.Offset}, I);
    R.Held.push_back(M);
  }
  sortUnique(R.Held);
}
