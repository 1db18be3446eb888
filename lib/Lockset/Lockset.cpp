//===- Lockset.cpp - Static Eraser: locksets and race candidates -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Turns the must-held locks of LocksetSolver into access contexts and pairs
// them: the candidates of layer 1 are the conflicting pairs of concurrent
// accesses that no common lock excludes.
//
//===----------------------------------------------------------------------===//

#include "racesift/Lockset/Lockset.h"

#include "LocksetSolver.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace racesift;

bool HeldLock::operator<(const HeldLock &O) const {
  return std::tie(Relative, Loc, Base, OffsetFromAccess, Mode) <
         std::tie(O.Relative, O.Loc, O.Base, O.OffsetFromAccess, O.Mode);
}

bool HeldLock::operator==(const HeldLock &O) const {
  return Relative == O.Relative && Loc == O.Loc && Base == O.Base &&
         OffsetFromAccess == O.OffsetFromAccess && Mode == O.Mode;
}

/// Whether A and B certainly denote the same concrete lock.
static bool sameLock(const HeldLock &A, const HeldLock &B) {
  if (A.Relative != B.Relative)
    return false;
  if (!A.Relative)
    return A.Loc == B.Loc;
  // Both accesses touch one address a; each lock sits at a + delta from the
  // base value its own access was evaluated from, so equal deltas are one
  // lock.
  return A.OffsetFromAccess != AnyOffset &&
         A.OffsetFromAccess == B.OffsetFromAccess;
}

bool racesift::locksExclude(const LockSet &A, bool AWrites, const LockSet &B,
                            bool BWrites) {
  for (const HeldLock &X : A)
    for (const HeldLock &Y : B)
      if (sameLock(X, Y) &&
          !(X.Mode == LockMode::Shared && Y.Mode == LockMode::Shared))
        return true;
  return false;
}

namespace {

/// Finds accesses by id whether or not Accesses is indexed by Id.
class AccessTable {
  const ThreadModel &TM;
  std::map<AccessId, const Access *> Sparse;

public:
  explicit AccessTable(const ThreadModel &TM) : TM(TM) {
    for (const Access &A : TM.Accesses)
      Sparse[A.Id] = &A;
  }
  const Access *get(AccessId Id) const {
    if (Id < TM.Accesses.size() && TM.Accesses[Id].Id == Id)
      return &TM.Accesses[Id];
    auto It = Sparse.find(Id);
    return It == Sparse.end() ? nullptr : It->second;
  }
};

const MemObject *objectOf(const ThreadModel &TM, ObjectId Id) {
  if (Id < TM.Objects.size() && TM.Objects[Id].Id == Id)
    return &TM.Objects[Id];
  for (const MemObject &O : TM.Objects)
    if (O.Id == Id)
      return &O;
  return nullptr;
}

bool isSharedObject(const ThreadModel &TM, ObjectId Id) {
  const MemObject *O = objectOf(TM, Id);
  return O && O->Shared && !O->ThreadLocal;
}

/// Source order of two contexts, for deterministic output.
bool contextBefore(const AccessTable &AT, const AccessContext &A,
                   const AccessContext &B) {
  const Access *X = AT.get(A.Acc), *Y = AT.get(B.Acc);
  if (X && Y && !(X->Loc == Y->Loc))
    return X->Loc < Y->Loc;
  return std::tie(A.Acc, A.Thread, A.Held) < std::tie(B.Acc, B.Thread, B.Held);
}

bool mayRunConcurrently(const ThreadModel &TM, TemplateId A, TemplateId B) {
  if (A != B)
    return true;
  return A < TM.Templates.size() && TM.Templates[A].Mult == Multiplicity::Many;
}

} // namespace

LocksetResult racesift::computeLocksets(const ThreadModel &TM,
                                        const LocksetOptions &Opts) {
  LocksetResult R;
  lockset::LocksetSolver Solver(TM, Opts);
  Solver.solve();
  R.UnresolvedLocks = Solver.UnresolvedLocks;
  R.MergedContexts = Solver.MergedContexts;
  AccessTable AT(TM);

  // Contexts: every access edge reached in a context of a template, with
  // the locks held before it.
  std::set<std::tuple<TemplateId, AccessId, LockSet>> Seen;
  for (TemplateId T = 0; T < TM.Templates.size(); ++T) {
    for (auto [F, C] : Solver.reachedContexts(T)) {
      const lockset::FunctionInfo &FI = Solver.functions()[F];
      for (const ActionEdge &E : FI.G->Edges) {
        if (E.A.Kind != ActionKind::Read && E.A.Kind != ActionKind::Write)
          continue;
        const std::optional<lockset::LockState> &S = FI.Ctxs[C].In[E.From];
        const Access *Acc = AT.get(E.A.Acc);
        if (!S || !Acc)
          continue;
        LockSet Held = Solver.heldAt(*S, Acc);
        if (!Seen.insert({T, E.A.Acc, Held}).second)
          continue;
        AccessContext AC;
        AC.Thread = T;
        AC.Acc = E.A.Acc;
        AC.Held = std::move(Held);
        R.Contexts.push_back(std::move(AC));
      }
    }
  }
  std::sort(R.Contexts.begin(), R.Contexts.end(),
            [&](const AccessContext &A, const AccessContext &B) {
              return contextBefore(AT, A, B);
            });

  // Bucket contexts by shared object, then pair within each bucket.
  std::map<ObjectId, std::vector<unsigned>> ByObject;
  std::set<MemLoc> SharedLocs;
  for (unsigned I = 0; I < R.Contexts.size(); ++I) {
    const Access *Acc = AT.get(R.Contexts[I].Acc);
    std::set<ObjectId> Objs;
    for (const MemLoc &L : Acc->Locs)
      if (isSharedObject(TM, L.Obj)) {
        Objs.insert(L.Obj);
        SharedLocs.insert(L);
      }
    for (ObjectId O : Objs)
      ByObject[O].push_back(I);
  }
  R.SharedLocations = SharedLocs.size();

  using PairKey = std::tuple<MemLoc, AccessId, AccessId>;
  std::map<PairKey, unsigned> CandidateOf; // Key -> index in Candidates.
  std::set<PairKey> Conflicting;
  for (const auto &[Obj, Members] : ByObject) {
    for (size_t I = 0; I < Members.size(); ++I) {
      for (size_t J = I; J < Members.size(); ++J) {
        const AccessContext &A = R.Contexts[Members[I]];
        const AccessContext &B = R.Contexts[Members[J]];
        const Access *X = AT.get(A.Acc), *Y = AT.get(B.Acc);
        if (!X->IsWrite && !Y->IsWrite)
          continue;
        if (X->IsAtomic && Y->IsAtomic)
          continue;
        // One context with itself: two instances of one template.
        if (!mayRunConcurrently(TM, A.Thread, B.Thread))
          continue;
        // Two instances of one template never meet on an object that each
        // instance was handed for itself.
        if (A.Thread == B.Thread && TM.Objects[Obj].ownedPerInstance(A.Thread))
          continue;
        std::set<MemLoc> Shared;
        for (const MemLoc &LX : X->Locs)
          for (const MemLoc &LY : Y->Locs)
            if (LX.Obj == Obj && LX.mayAlias(LY))
              Shared.insert(LX.Offset == AnyOffset ? LY : LX);
        if (Shared.empty())
          continue;
        bool Excluded = locksExclude(A.Held, X->IsWrite, B.Held, Y->IsWrite);
        bool Swap = contextBefore(AT, B, A);
        const AccessContext &First = Swap ? B : A;
        const AccessContext &Second = Swap ? A : B;
        for (const MemLoc &L : Shared) {
          PairKey Key{L, First.Acc, Second.Acc};
          Conflicting.insert(Key);
          if (Excluded || CandidateOf.count(Key))
            continue;
          CandidateOf[Key] = R.Candidates.size();
          Candidate Cand;
          Cand.Loc = L;
          Cand.LocName = TM.describe(L);
          Cand.First = First;
          Cand.Second = Second;
          R.Candidates.push_back(std::move(Cand));
        }
      }
    }
  }
  R.ProtectedPairs = Conflicting.size() - CandidateOf.size();

  std::stable_sort(R.Candidates.begin(), R.Candidates.end(),
                   [&](const Candidate &P, const Candidate &Q) {
                     if (P.Loc != Q.Loc)
                       return P.Loc < Q.Loc;
                     if (contextBefore(AT, P.First, Q.First))
                       return true;
                     if (contextBefore(AT, Q.First, P.First))
                       return false;
                     return contextBefore(AT, P.Second, Q.Second);
                   });
  return R;
}
