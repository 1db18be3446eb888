//===- LocksetTransfer.cpp - Lock identities and edge transfer --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The intraprocedural half of LocksetSolver: which lock an action names,
// what a function may release in its callers, the meet, and the transfer of
// every action but calls.
//
//===----------------------------------------------------------------------===//

#include "LocksetSolver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>
#include <iterator>
#include <set>

using namespace racesift;
using namespace racesift::lockset;

/// The single location standing for the one global atomic-section lock.
static const MemLoc AtomicSectionLoc{InvalidObject, 0};

static bool anyAlias(const std::vector<MemLoc> &A,
                     const std::vector<MemLoc> &B) {
  for (const MemLoc &X : A)
    for (const MemLoc &Y : B)
      if (X.mayAlias(Y))
        return true;
  return false;
}

/// Acquisitions that nest: a recursive mutex, nested atomic sections and
/// read locks of an rwlock each need their own release.
static bool isCounting(const Action &A) {
  return A.Lock == LockKind::RecursiveMutex ||
         A.Lock == LockKind::AtomicSection ||
         (A.Lock == LockKind::RWLock && A.Mode == LockMode::Shared);
}

static bool siteBefore(const Action *A, const Action *B) {
  if (!A || !B)
    return A && !B;
  return A->Loc < B->Loc;
}

bool lockset::meetInto(LockState &Dst, const LockState &Src) {
  bool Changed = false;
  std::vector<HeldFact> Held;
  auto SI = Src.Held.begin(), SE = Src.Held.end();
  for (const HeldFact &D : Dst.Held) {
    while (SI != SE && SI->Lock < D.Lock)
      ++SI;
    if (SI == SE || SI->Lock != D.Lock) {
      Changed = true; // Not held on the other path: dropped at the join.
      continue;
    }
    HeldFact M = D;
    if (SI->Mode == LockMode::Shared)
      M.Mode = LockMode::Shared;
    M.Depth = std::min(D.Depth, SI->Depth);
    if (siteBefore(SI->Site, D.Site))
      M.Site = SI->Site;
    Changed |= !(M == D);
    Held.push_back(M);
  }
  Dst.Held = std::move(Held);

  std::vector<PendingFact> Pending;
  for (const PendingFact &P : Dst.Pending) {
    auto It = std::lower_bound(Src.Pending.begin(), Src.Pending.end(), P);
    if (It != Src.Pending.end() && *It == P)
      Pending.push_back(P);
    else
      Changed = true;
  }
  Dst.Pending = std::move(Pending);
  return Changed;
}

LockIdx LocksetSolver::internLock(const LockInfo &L) {
  auto Key = L.Atomic ? std::make_tuple(0, ObjectId(0), int64_t(0),
                                        (const llvm::Value *)nullptr)
             : L.Relative
                 ? std::make_tuple(2, ObjectId(0), L.Base.Offset, L.Base.Base)
                 : std::make_tuple(1, L.Loc.Obj, L.Loc.Offset,
                                   (const llvm::Value *)nullptr);
  auto [It, New] = LockIds.try_emplace(Key, Locks.size());
  if (New) {
    Locks.push_back(L);
    return It->second;
  }
  // The same base value yields the same points-to set; union in case the
  // model was built from several sites.
  LockInfo &Old = Locks[It->second];
  if (Old.Relative && !Old.MayLocs.empty()) {
    if (L.MayLocs.empty()) {
      Old.MayLocs.clear();
    } else {
      Old.MayLocs.insert(Old.MayLocs.end(), L.MayLocs.begin(), L.MayLocs.end());
      std::sort(Old.MayLocs.begin(), Old.MayLocs.end());
      Old.MayLocs.erase(std::unique(Old.MayLocs.begin(), Old.MayLocs.end()),
                        Old.MayLocs.end());
    }
  }
  return It->second;
}

/// A relative lock is named after the objects it may be ("heap@t.c:9",
/// "{a, b}"): the model keeps no source expression for lock operands.
static std::string relativeLockName(const ThreadModel &TM, const Action &A) {
  std::set<std::string> Names;
  for (const MemLoc &L : A.Objects)
    Names.insert(TM.describe(L));
  if (Names.empty())
    return "?";
  if (Names.size() == 1)
    return *Names.begin();
  // One of several objects: the operand's own name says which lock.
  if (!A.ObjectName.empty() && A.ObjectName != "?")
    return A.ObjectName;
  std::string S;
  for (const std::string &N : Names)
    S += (S.empty() ? "{" : ", ") + N;
  return S + "}";
}

void LocksetSolver::internActionLocks() {
  // Interned before solving so that lock identities (and the may-locations
  // unlocks are matched against) do not change during the fixpoint.
  for (const FunctionGraph &G : TM.Functions) {
    for (const ActionEdge &E : G.Edges) {
      const Action &A = E.A;
      if (A.Kind != ActionKind::Lock && A.Kind != ActionKind::TryLock &&
          A.Kind != ActionKind::Unlock)
        continue;
      LockInfo L;
      if (A.Lock == LockKind::AtomicSection) {
        L.Atomic = true;
        L.Loc = AtomicSectionLoc;
        L.Name = "<atomic section>";
      } else if (A.MustObject && A.Objects.size() == 1) {
        L.Loc = A.Objects.front();
        L.MayLocs = A.Objects;
        L.Name = TM.describe(L.Loc);
      } else if (A.ObjectBase.Base && A.ObjectBase.Offset != AnyOffset) {
        // A lock at a variable offset from its base (locks[i]) could only
        // be correlated with data at a known offset: it stays unresolved.
        L.Relative = true;
        L.Base = A.ObjectBase;
        L.Index = A.ObjectIndex;
        L.MayLocs = A.Objects;
        L.Name = relativeLockName(TM, A);
      } else {
        // unresolved-lock: never counted as held (docs/design-lockset.md).
        if (A.Kind != ActionKind::Unlock)
          ++UnresolvedLocks;
        continue;
      }
      ActionLock[&A] = internLock(L);
    }
  }
}

std::optional<LockIdx> LocksetSolver::lockOf(const Action &A) const {
  auto It = ActionLock.find(&A);
  if (It == ActionLock.end())
    return std::nullopt;
  return It->second;
}

/// Dst := Dst union Src, both sorted and unique.
template <typename T>
static void addSorted(std::vector<T> &Dst, const std::vector<T> &Src) {
  if (std::includes(Dst.begin(), Dst.end(), Src.begin(), Src.end()))
    return;
  std::vector<T> Union;
  Union.reserve(Dst.size() + Src.size());
  std::set_union(Dst.begin(), Dst.end(), Src.begin(), Src.end(),
                 std::back_inserter(Union));
  Dst = std::move(Union);
}

/// Sorts V and removes duplicates.
template <typename T> static void sortUnique(std::vector<T> &V) {
  std::sort(V.begin(), V.end());
  V.erase(std::unique(V.begin(), V.end()), V.end());
}

/// The effects of F's own actions, and the functions it calls.
static SideEffects ownEffects(const FunctionGraph &G,
                              llvm::function_ref<void(const Action &)> OnCall) {
  SideEffects SE;
  for (const ActionEdge &E : G.Edges) {
    const Action &A = E.A;
    switch (A.Kind) {
    case ActionKind::Unlock:
      if (A.Lock == LockKind::AtomicSection)
        SE.UnlocksAtomic = true;
      else if (releasesAnyLock(A))
        SE.UnlocksUnknown = true;
      else
        SE.Unlocks.insert(SE.Unlocks.end(), A.Objects.begin(), A.Objects.end());
      break;
    case ActionKind::Assign:
    case ActionKind::TryLock:
    case ActionKind::SemTryWait:
    case ActionKind::AtomicUpdate:
      for (DataVarId V : dataUseOf(A).Written)
        SE.Assigns.push_back(V);
      break;
    case ActionKind::Call:
    case ActionKind::Once:
      OnCall(A);
      break;
    case ActionKind::Internal:
    case ActionKind::Read:
    case ActionKind::Write:
    case ActionKind::Create:
    case ActionKind::Join:
    case ActionKind::Detach:
    case ActionKind::Cancel:
    case ActionKind::HandleCopy:
    case ActionKind::Exit:
    case ActionKind::Lock:
    case ActionKind::Wait:
    case ActionKind::Signal:
    case ActionKind::Broadcast:
    case ActionKind::BarrierWait:
    case ActionKind::SemWait:
    case ActionKind::SemPost:
    case ActionKind::Assume:
    case ActionKind::NotJoinable:
      break;
    }
  }
  sortUnique(SE.Unlocks);
  sortUnique(SE.Assigns);
  return SE;
}

void LocksetSolver::computeSideEffects() {
  // A function's effects are its own and its callees': one pass over the
  // call graph's strongly connected components, callees first (Boost
  // numbers components in that order), every member of a component with
  // the component's effects. Iterating to a fixpoint along call edges
  // instead took a quarter of the layer's time on sqlite3.c.
  using CallGraph =
      boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  CallGraph CG(Fns.size());
  for (unsigned F = 0; F < Fns.size(); ++F)
    Fns[F].SE = ownEffects(*Fns[F].G, [&](const Action &A) {
      for (const llvm::Function *C : A.Callees)
        if (int G = fnOf(C); G >= 0)
          boost::add_edge(F, unsigned(G), CG);
    });
  std::vector<unsigned> Comp(Fns.size());
  unsigned NumComps = boost::strong_components(
      CG, boost::make_iterator_property_map(
              Comp.begin(), boost::get(boost::vertex_index, CG)));
  std::vector<std::vector<unsigned>> Members(NumComps);
  for (unsigned F = 0; F < Fns.size(); ++F)
    Members[Comp[F]].push_back(F);
  std::vector<SideEffects> CompSE(NumComps);
  std::vector<unsigned> MergedInto(NumComps, ~0u);
  for (unsigned C = 0; C < NumComps; ++C) {
    SideEffects &SE = CompSE[C];
    MergedInto[C] = C;
    auto Merge = [&](const SideEffects &From) {
      SE.UnlocksUnknown |= From.UnlocksUnknown;
      SE.UnlocksAtomic |= From.UnlocksAtomic;
      addSorted(SE.Unlocks, From.Unlocks);
      addSorted(SE.Assigns, From.Assigns);
    };
    for (unsigned F : Members[C]) {
      Merge(Fns[F].SE);
      for (auto E : llvm::make_range(boost::out_edges(F, CG))) {
        unsigned D = Comp[boost::target(E, CG)];
        assert(D <= C && "Boost numbers callee components first");
        if (MergedInto[D] != C) {
          MergedInto[D] = C;
          Merge(CompSE[D]);
        }
      }
    }
    for (unsigned F : Members[C])
      Fns[F].SE = SE;
  }
}

bool LocksetSolver::mayBeReleasedBy(LockIdx L, const SideEffects &SE) const {
  const LockInfo &I = Locks[L];
  if (I.Atomic)
    return SE.UnlocksAtomic;
  if (SE.UnlocksUnknown)
    return true;
  if (I.Relative && I.MayLocs.empty())
    return !SE.Unlocks.empty();
  return anyAlias(I.MayLocs.empty() ? std::vector<MemLoc>{I.Loc} : I.MayLocs,
                  SE.Unlocks);
}

void LocksetSolver::acquire(LockState &S, LockIdx L, LockMode M, bool Counting,
                            const Action *Site) const {
  auto It =
      std::lower_bound(S.Held.begin(), S.Held.end(), L,
                       [](const HeldFact &H, LockIdx X) { return H.Lock < X; });
  if (It != S.Held.end() && It->Lock == L) {
    // Re-acquiring a plain mutex deadlocks or fails (error-checking): the
    // fact stays as it was. Nesting acquisitions add one level.
    if (Counting)
      ++It->Depth;
    return;
  }
  HeldFact H;
  H.Lock = L;
  H.Mode = M;
  H.Site = Site;
  S.Held.insert(It, H);
}

void LocksetSolver::release(LockState &S, const Action &A) const {
  std::optional<LockIdx> Own = lockOf(A);
  bool Atomic = A.Lock == LockKind::AtomicSection;
  bool Unknown = !Own && A.Objects.empty();
  auto MayBeIt = [&](LockIdx L) {
    const LockInfo &I = Locks[L];
    if (Own && *Own == L)
      return true;
    if (Atomic || I.Atomic)
      return false;
    if (Unknown || A.Objects.empty())
      return true; // unresolved-unlock: may release any lock.
    if (!I.Relative)
      return anyAlias({I.Loc}, A.Objects);
    return I.MayLocs.empty() || anyAlias(I.MayLocs, A.Objects);
  };
  // Decrementing every lock that may be the released one keeps a lower
  // bound on the acquisition count: sound for must-held facts.
  std::vector<HeldFact> Held;
  for (HeldFact H : S.Held) {
    if (MayBeIt(H.Lock) && --H.Depth == 0)
      continue;
    Held.push_back(H);
  }
  S.Held = std::move(Held);
  llvm::erase_if(S.Pending,
                 [&](const PendingFact &P) { return MayBeIt(P.Lock); });
}

/// Whether Var Pred C implies a trylock result of 0 (acquired), a non-zero
/// result (not acquired), or neither.
enum class Outcome { Success, Failure, Unknown };
static Outcome outcomeOf(GuardPred P, int64_t C) {
  switch (P) {
  case GuardPred::EQ:
    return C == 0 ? Outcome::Success : Outcome::Failure;
  case GuardPred::NE:
    return C == 0 ? Outcome::Failure : Outcome::Unknown;
  case GuardPred::LT:
    return C <= 0 ? Outcome::Failure : Outcome::Unknown;
  case GuardPred::LE:
    return C < 0 ? Outcome::Failure : Outcome::Unknown;
  case GuardPred::GT:
    return C >= 0 ? Outcome::Failure : Outcome::Unknown;
  case GuardPred::GE:
    return C > 0 ? Outcome::Failure : Outcome::Unknown;
  }
  return Outcome::Unknown;
}

std::optional<LockState> LocksetSolver::transfer(unsigned Fn, unsigned Ctx,
                                                 NodeId From, const Action &A,
                                                 const LockState &In) {
  LockState S = In;
  switch (A.Kind) {
  case ActionKind::Exit:
    return std::nullopt; // The thread ends here.
  case ActionKind::Call:
  case ActionKind::Once:
    return transferCall(Fn, Ctx, From, A, S);
  case ActionKind::Lock:
    if (std::optional<LockIdx> L = lockOf(A))
      acquire(S, *L, A.Mode, isCounting(A), &A);
    return S;
  case ActionKind::TryLock: {
    // A new result: facts about the old value of Var, and about an earlier
    // run of this trylock, no longer hold.
    llvm::erase_if(S.Pending, [&](const PendingFact &P) {
      return P.Var == A.Var || P.Origin == &A;
    });
    std::optional<LockIdx> L = lockOf(A);
    if (L && A.Var != NoDataVar) {
      PendingFact P{A.Var, &A, *L, A.Mode, isCounting(A)};
      S.Pending.insert(std::lower_bound(S.Pending.begin(), S.Pending.end(), P),
                       P);
    }
    return S;
  }
  case ActionKind::Unlock:
    release(S, A);
    return S;
  case ActionKind::AtomicUpdate: {
    // Its variables are never trylock results: they lose their facts.
    DataUse U = dataUseOf(A);
    llvm::erase_if(S.Pending, [&](const PendingFact &P) {
      return is_contained(U.Written, P.Var);
    });
    return S;
  }
  case ActionKind::SemTryWait:
  case ActionKind::Assign: {
    if (A.Var == NoDataVar || (A.Kind == ActionKind::Assign && !A.HasConst &&
                               !A.Compare && A.SrcVar == A.Var))
      return S;
    std::vector<PendingFact> Copies;
    // A comparison's result is not a copy of the result it compares.
    if (A.Kind == ActionKind::Assign && !A.HasConst && !A.Compare &&
        A.SrcVar != NoDataVar)
      for (PendingFact P : S.Pending)
        if (P.Var == A.SrcVar) {
          P.Var = A.Var;
          Copies.push_back(P);
        }
    llvm::erase_if(S.Pending,
                   [&](const PendingFact &P) { return P.Var == A.Var; });
    S.Pending.insert(S.Pending.end(), Copies.begin(), Copies.end());
    std::sort(S.Pending.begin(), S.Pending.end());
    return S;
  }
  case ActionKind::Assume: {
    if (A.RhsVar != NoDataVar)
      return S; // Compares two variables: no trylock outcome.
    Outcome O = outcomeOf(A.Pred, A.Const);
    if (O == Outcome::Unknown)
      return S;
    std::vector<PendingFact> Resolved;
    for (const PendingFact &P : S.Pending)
      if (P.Var == A.Var)
        Resolved.push_back(P);
    for (const PendingFact &P : Resolved) {
      if (O == Outcome::Success)
        acquire(S, P.Lock, P.Mode, P.Counting, P.Origin);
      // Copies of the same result resolve with it (and must not acquire a
      // counting lock twice).
      llvm::erase_if(S.Pending, [&](const PendingFact &Q) {
        return Q.Origin == P.Origin;
      });
    }
    return S;
  }
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Create:
  case ActionKind::Join:
  case ActionKind::Detach:
  case ActionKind::Cancel:
  case ActionKind::HandleCopy:
  case ActionKind::Wait:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::BarrierWait:
  case ActionKind::SemWait:
  case ActionKind::SemPost:
  case ActionKind::NotJoinable:
    return S;
  }
  llvm_unreachable("a kind ActionKinds.def does not list");
}
