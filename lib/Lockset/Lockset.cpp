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

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

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
  auto OutOfTime = [&] {
    if (Solver.Exhausted ||
        (Opts.Deadline && std::chrono::steady_clock::now() > *Opts.Deadline))
      R.BudgetExhausted = true;
    return R.BudgetExhausted;
  };
  // Out of time before any pairing: no object is paired.
  auto GiveUp = [&] {
    std::set<ObjectId> Shared;
    for (const Access &A : TM.Accesses)
      for (const MemLoc &L : A.Locs)
        if (isSharedObject(TM, L.Obj))
          Shared.insert(L.Obj);
    R.SharedObjects = Shared.size();
    return R;
  };
  if (OutOfTime())
    return GiveUp();
  AccessTable AT(TM);

  // Contexts: every access edge reached in a context of a template, with
  // the locks held before it.
  std::set<std::tuple<TemplateId, AccessId, LockSet>> Seen;
  for (TemplateId T = 0; T < TM.Templates.size(); ++T) {
    if (OutOfTime())
      return GiveUp();
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

  // Bucket contexts by shared object: each member with its offsets in the
  // object, sorted (AnyOffset, the smallest, first when present).
  struct Member {
    unsigned Ctx;
    std::vector<int64_t> Offsets;
    bool any() const { return Offsets.front() == AnyOffset; }
    bool has(int64_t Off) const {
      return std::binary_search(Offsets.begin(), Offsets.end(), Off);
    }
  };
  std::map<ObjectId, std::vector<Member>> ByObject;
  std::set<MemLoc> SharedLocs;
  for (unsigned I = 0; I < R.Contexts.size(); ++I) {
    const Access *Acc = AT.get(R.Contexts[I].Acc);
    std::map<ObjectId, std::vector<int64_t>> Offs;
    for (const MemLoc &L : Acc->Locs)
      if (isSharedObject(TM, L.Obj)) {
        Offs[L.Obj].push_back(L.Offset);
        SharedLocs.insert(L);
      }
    for (auto &[O, V] : Offs) {
      llvm::sort(V);
      V.erase(std::unique(V.begin(), V.end()), V.end());
      ByObject[O].push_back({I, std::move(V)});
    }
  }
  R.SharedLocations = SharedLocs.size();
  R.SharedObjects = ByObject.size();

  // Pairs location by location: a concrete offset pairs the members that
  // name it with each other and with the members at AnyOffset; AnyOffset
  // pairs the latter among themselves. Per location, the access pairs are
  // deduplicated over contexts and the first few in source order kept.
  for (const auto &[Obj, Members] : ByObject) {
    if (OutOfTime())
      break;
    std::vector<unsigned> AnyMembers;
    std::map<int64_t, std::vector<unsigned>> AtOffset;
    for (unsigned M = 0; M < Members.size(); ++M) {
      if (Members[M].any())
        AnyMembers.push_back(M);
      for (int64_t Off : Members[M].Offsets)
        if (Off != AnyOffset)
          AtOffset[Off].push_back(M);
    }
    if (!AnyMembers.empty())
      AtOffset[AnyOffset]; // Pairs AnyMembers with each other.
    for (const auto &[Off, Named] : AtOffset) {
      if (OutOfTime())
        break;
      MemLoc L{Obj, Off};
      // Context pairs (I <= J in source order) that conflict here.
      std::vector<std::pair<unsigned, unsigned>> Pairs;
      // Generation stops at the time budget (checked every 64Ki pairs) and
      // at MaxPairsPerLocation: thousands of contexts on one object at
      // AnyOffset would otherwise hold the compile and its memory.
      bool Stop = false;
      uint64_t Tries = 0;
      auto Try = [&](unsigned MA, unsigned MB) {
        if (++Tries % 65536 == 0 && OutOfTime())
          Stop = true;
        if (Stop)
          return;
        unsigned I = Members[MA].Ctx, J = Members[MB].Ctx;
        if (I > J)
          std::swap(I, J);
        const AccessContext &A = R.Contexts[I], &B = R.Contexts[J];
        const Access *X = AT.get(A.Acc), *Y = AT.get(B.Acc);
        if (!accessesConflict(*X, *Y))
          return;
        // One context with itself: two instances of one template.
        if (!mayRunConcurrently(TM, A.Thread, B.Thread))
          return;
        // Two instances of one template never meet on an object that each
        // instance was handed for itself.
        if (A.Thread == B.Thread && TM.Objects[Obj].ownedPerInstance(A.Thread))
          return;
        if (Pairs.size() >= Opts.MaxPairsPerLocation) {
          Stop = true;
          ++R.TruncatedLocations;
          return;
        }
        Pairs.push_back({I, J});
      };
      if (Off == AnyOffset) {
        for (size_t A = 0; A < AnyMembers.size() && !Stop; ++A)
          for (size_t B = A; B < AnyMembers.size() && !Stop; ++B)
            Try(AnyMembers[A], AnyMembers[B]);
      } else {
        for (size_t A = 0; A < Named.size() && !Stop; ++A) {
          for (size_t B = A; B < Named.size() && !Stop; ++B)
            Try(Named[A], Named[B]);
          for (size_t B = 0; B < AnyMembers.size() && !Stop; ++B)
            if (!Members[AnyMembers[B]].has(Off))
              Try(Named[A], AnyMembers[B]);
        }
      }
      if (R.BudgetExhausted)
        break;
      if (Pairs.empty())
        continue;
      llvm::sort(Pairs);
      // Access pairs: conflicting, and those with an unprotected context
      // pair (the first such pair in source order stands for them).
      llvm::DenseSet<uint64_t> Conflicting, Unprotected;
      unsigned Kept = 0;
      for (auto [I, J] : Pairs) {
        const AccessContext &A = R.Contexts[I], &B = R.Contexts[J];
        uint64_t Key = uint64_t(A.Acc) << 32 | B.Acc;
        Conflicting.insert(Key);
        if (Unprotected.count(Key))
          continue;
        const Access *X = AT.get(A.Acc), *Y = AT.get(B.Acc);
        if (locksExclude(A.Held, X->IsWrite, B.Held, Y->IsWrite))
          continue;
        Unprotected.insert(Key);
        if (Kept++ >= Opts.MaxCandidatesPerLocation)
          continue;
        Candidate Cand;
        Cand.Loc = L;
        Cand.LocName = TM.describe(L);
        Cand.First = A;
        Cand.Second = B;
        R.Candidates.push_back(std::move(Cand));
      }
      R.ProtectedPairs += Conflicting.size() - Unprotected.size();
      if (!Unprotected.empty())
        R.PairsPerLocation[L] = Unprotected.size();
    }
    if (!R.BudgetExhausted)
      ++R.ObjectsPaired;
  }

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
