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

#include <algorithm>

using namespace llvm;
using namespace racesift;
using namespace racesift::lockset;

std::vector<BaseRef> LocksetSolver::argumentBases(const Action &A,
                                                  const Function *Callee) {
  // pthread_once and friends pass no arguments of theirs to the routine.
  if (A.Kind != ActionKind::Call || A.Callback || !Callee)
    return {};
  std::vector<BaseRef> Out = A.ArgBases;
  Out.resize(std::min<size_t>(Out.size(), parameterCount(Callee)));
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
      M.Lock = relativeLock(
          {parameter(Callee, K), I.Base.Offset - Args[K].Offset}, I);
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
    int P = parameterIndex(I.Base.Base, Callee);
    if (P < 0 || size_t(P) >= Args.size())
      continue; // Other relative locks end with the callee's activation.
    BaseRef Actual = Args[P];
    if (!Actual.Base || Actual.Offset == AnyOffset)
      continue;
    HeldFact M = H;
    M.Lock = relativeLock({Actual.Base, Actual.Offset + I.Base.Offset}, I);
    R.Held.push_back(M);
  }
  sortUnique(R.Held);
}
