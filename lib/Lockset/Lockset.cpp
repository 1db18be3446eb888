//===- Lockset.cpp - Static Eraser: locksets and race candidates --------===//
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
#include "ObjectPairing.h"
#include "racesift/Support/Debug.h"
#include "racesift/Support/StableSort.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace racesift;
using namespace racesift::lockset;

#define DEBUG_TYPE "racesift-lockset"

bool HeldLock::operator<(const HeldLock &O) const {
  return std::tie(Relative, Loc, Base, OffsetFromAccess, IndexShapes,
                  WithinObject, Mode) <
         std::tie(O.Relative, O.Loc, O.Base, O.OffsetFromAccess, O.IndexShapes,
                  O.WithinObject, O.Mode);
}

bool HeldLock::operator==(const HeldLock &O) const {
  return Relative == O.Relative && Loc == O.Loc && Base == O.Base &&
         OffsetFromAccess == O.OffsetFromAccess &&
         IndexShapes == O.IndexShapes && WithinObject == O.WithinObject &&
         Mode == O.Mode;
}

/// Whether A and B certainly denote the same concrete lock.
static bool sameLock(const HeldLock &A, const HeldLock &B) {
  // exact-relative: an exact lock at a known offset from its access (one
  // address of a singleton object) and a relative one at the same offset
  // from the same address.
  if (A.Relative != B.Relative)
    return A.OffsetFromAccess != AnyOffset &&
           A.OffsetFromAccess == B.OffsetFromAccess;
  if (!A.Relative)
    return A.Loc == B.Loc;
  // Both accesses touch one address a; each lock sits at a + delta from the
  // base value its own access was evaluated from, so equal deltas are one
  // lock.
  if (A.OffsetFromAccess != AnyOffset &&
      A.OffsetFromAccess == B.OffsetFromAccess)
    return true;
  // index-relative-lock: equal shapes of access and lock, so one index
  // value, so one lock.
  if (A.IndexShapes.first && A.IndexShapes == B.IndexShapes)
    return true;
  // within-object: one address inside two objects of one type is inside
  // one object, so equal offsets from its start are one lock.
  return A.WithinObject.first && A.WithinObject == B.WithinObject;
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
  return O && O->Shared && (!O->ThreadLocal || O->ThreadLocalEscapes);
}

/// Source order of two contexts, for deterministic output.
bool contextBefore(const AccessTable &AT, const AccessContext &A,
                   const AccessContext &B) {
  const Access *X = AT.get(A.Acc), *Y = AT.get(B.Acc);
  // The sources being compiled before their headers: a location's
  // candidate pairs are kept and shown in this order, and the user's code
  // is what the user reads (a counter next to a std::string cache was
  // shown by a pair in charconv.h).
  if (X && Y && X->InUnitFile != Y->InUnitFile)
    return X->InUnitFile;
  if (X && Y && !(X->Loc == Y->Loc))
    return X->Loc < Y->Loc;
  return std::tie(A.Acc, A.Thread, A.Held) < std::tie(B.Acc, B.Thread, B.Held);
}

} // namespace

LocksetResult racesift::computeLocksets(const ThreadModel &TM,
                                        const LocksetOptions &Opts) {
  LocksetResult R;
  lockset::LocksetSolver Solver(TM, Opts);
  Solver.solve();
  R.UnresolvedLocks = Solver.UnresolvedLocks;
  R.MergedContexts = Solver.MergedContexts;
  R.SolverVisits = Solver.Visits;
  R.Steps = Solver.Visits * lockset::LocksetSolver::StepsPerVisit;
  R.StepsSpent = Solver.StepsSpent;
  // Pairing counts its steps on from the fixpoint's (ObjectPairing::tick).
  auto OutOfTime = [&] {
    if (Opts.MaxSteps && R.Steps >= Opts.MaxSteps)
      R.StepsSpent = true;
    if (Solver.Exhausted || R.StepsSpent ||
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

  // Bucket accesses by shared object, each with its locations there (a
  // slice of its sorted locations).
  R.Order = Opts.Order;
  PairingClasses PC(AT, R, Opts.Order);
  std::map<ObjectId, std::vector<Member>> ByObject;
  for (unsigned I = 0; I < PC.Accesses.size(); ++I) {
    const PairingClasses::AccessInfo &AI = PC.Accesses[I];
    llvm::ArrayRef<MemLoc> Locs = AI.SortedLocs.empty()
                                      ? llvm::ArrayRef<MemLoc>(AI.A->Locs)
                                      : llvm::ArrayRef<MemLoc>(AI.SortedLocs);
    for (size_t B = 0, E; B < Locs.size(); B = E) {
      for (E = B + 1; E < Locs.size() && Locs[E].Obj == Locs[B].Obj; ++E)
        ;
      if (isSharedObject(TM, Locs[B].Obj))
        ByObject[Locs[B].Obj].push_back({I, Locs.slice(B, E - B)});
    }
  }
  R.SharedObjects = ByObject.size();
  for (const auto &[Obj, Members] : ByObject) {
    std::vector<int64_t> Offsets;
    for (const Member &M : Members)
      for (const MemLoc &L : M.Locs)
        Offsets.push_back(L.Offset);
    llvm::sort(Offsets);
    R.SharedLocations +=
        std::unique(Offsets.begin(), Offsets.end()) - Offsets.begin();
  }

  for (const auto &[Obj, Members] : ByObject) {
    if (OutOfTime())
      break;
    ObjectPairing P(TM, PC, Opts, R, Obj, Members, OutOfTime);
    if (!P.run())
      break;
    ++R.ObjectsPaired;
  }

  stableSort(R.Candidates, [&](const Candidate &P, const Candidate &Q) {
    if (P.Loc != Q.Loc)
      return P.Loc < Q.Loc;
    if (contextBefore(AT, P.First, Q.First))
      return true;
    if (contextBefore(AT, Q.First, P.First))
      return false;
    return contextBefore(AT, P.Second, Q.Second);
  });
  RACESIFT_DEBUG(debugs() << "racesift-lockset: " << R.Candidates.size()
                          << " candidate pairs, " << R.ProtectedPairs
                          << " protected\n");
  return R;
}

LocksetResult racesift::computeOrderedLocksets(const ThreadModel &TM) {
  auto Order = std::make_shared<const OrderFacts>(computeOrderFacts(TM));
  LocksetOptions Opts;
  Opts.Order = Order.get();
  LocksetResult R = computeLocksets(TM, Opts);
  R.OwnedOrder = std::move(Order);
  return R;
}
