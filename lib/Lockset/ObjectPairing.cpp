//===- ObjectPairing.cpp - Pairwise candidates of one shared object -------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ObjectPairing.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <queue>
#include <tuple>

using namespace racesift;
using namespace racesift::lockset;

AccessTable::AccessTable(const ThreadModel &TM) : TM(TM) {
  for (const Access &A : TM.Accesses)
    if (A.Id >= TM.Accesses.size() || TM.Accesses[A.Id].Id != A.Id)
      Sparse[A.Id] = &A;
}

namespace {

/// Everything the verdict of a context pair on one object depends on: two
/// contexts with equal keys get the same verdict against any context.
struct ClassKey {
  TemplateId Thread;
  OrderKey Order;
  /// What accessesConflict reads of the access (OwnInstance: its
  /// OwnThreadInstance; a direct access and one through a pointer differ;
  /// its ClaimKey).
  bool Write, Atomic, OwnInstance;
  uint32_t Claim;
  std::pair<unsigned, const llvm::Type *> Type;
  const LockSet *Held;
  bool operator<(const ClassKey &O) const {
    if (std::tie(Thread, Order, Write, Atomic, OwnInstance, Claim, Type) !=
        std::tie(O.Thread, O.Order, O.Write, O.Atomic, O.OwnInstance, O.Claim,
                 O.Type))
      return std::tie(Thread, Order, Write, Atomic, OwnInstance, Claim, Type) <
             std::tie(O.Thread, O.Order, O.Write, O.Atomic, O.OwnInstance,
                      O.Claim, O.Type);
    return *Held < *O.Held;
  }
};

bool mayRunConcurrently(const ThreadModel &TM, TemplateId A, TemplateId B) {
  if (A != B)
    return true;
  return A < TM.Templates.size() && TM.Templates[A].Mult == Multiplicity::Many;
}

bool sortedUnique(llvm::ArrayRef<MemLoc> Locs) {
  for (size_t I = 1; I < Locs.size(); ++I)
    if (!(Locs[I - 1] < Locs[I]))
      return false;
  return true;
}

} // namespace

PairingClasses::PairingClasses(const AccessTable &AT, const LocksetResult &R,
                               const OrderFacts *Order)
    : Order(Order) {
  std::map<ClassKey, unsigned> ClassIds;
  llvm::DenseMap<AccessId, unsigned> InfoOf;
  for (unsigned Ctx = 0; Ctx < R.Contexts.size(); ++Ctx) {
    const AccessContext &C = R.Contexts[Ctx];
    const Access *A = AT.get(C.Acc);
    if (!A)
      continue;
    OrderKey OK = Order ? Order->keyOf(C.Thread, C.Acc) : OrderKey();
    ClassKey K{C.Thread,
               OK,
               A->IsWrite,
               A->IsAtomic,
               A->OwnThreadInstance,
               A->ClaimKey,
               accessTypeKey(*A),
               &C.Held};
    auto [CIt, NewClass] = ClassIds.try_emplace(K, ClassRep.size());
    if (NewClass) {
      ClassRep.push_back(Ctx);
      ClassAccess.push_back(A);
      ClassOrder.push_back(OK);
    }
    auto [IIt, NewInfo] = InfoOf.try_emplace(C.Acc, Accesses.size());
    if (NewInfo) {
      Accesses.emplace_back();
      Accesses.back().A = A;
      if (!sortedUnique(A->Locs)) {
        std::vector<MemLoc> &S = Accesses.back().SortedLocs;
        S = A->Locs;
        llvm::sort(S);
        S.erase(std::unique(S.begin(), S.end()), S.end());
      }
    }
    Accesses[IIt->second].Ctxs.push_back({Ctx, CIt->second});
  }
  std::map<std::vector<unsigned>, unsigned> SigIds;
  for (AccessInfo &AI : Accesses) {
    std::vector<unsigned> Classes;
    for (auto [Ctx, Class] : AI.Ctxs)
      Classes.push_back(Class);
    llvm::sort(Classes);
    Classes.erase(std::unique(Classes.begin(), Classes.end()), Classes.end());
    auto [It, New] = SigIds.try_emplace(Classes, Sigs.size());
    if (New)
      Sigs.push_back(std::move(Classes));
    AI.Sig = It->second;
  }
}

ObjectPairing::ObjectPairing(const ThreadModel &TM, const PairingClasses &PC,
                             const LocksetOptions &Opts, LocksetResult &R,
                             ObjectId Obj, llvm::ArrayRef<Member> Members,
                             llvm::function_ref<bool()> OutOfTime)
    : TM(TM), PC(PC), Opts(Opts), R(R), Obj(Obj), Members(Members),
      OutOfTime(OutOfTime) {
  llvm::DenseMap<unsigned, uint64_t> PerSig;
  llvm::DenseMap<unsigned, std::vector<unsigned>> PerClass;
  llvm::DenseMap<int64_t, unsigned> OffsetIdx;
  for (unsigned M = 0; M < Members.size(); ++M) {
    const PairingClasses::AccessInfo &AI = PC.Accesses[Members[M].Acc];
    if (Members[M].any()) {
      ++PerSig[AI.Sig];
      for (auto [Ctx, Class] : AI.Ctxs)
        PerClass[Class].push_back(Ctx);
    }
    for (const MemLoc &L : Members[M].Locs) {
      if (L.Offset == AnyOffset)
        continue;
      auto [It, New] = OffsetIdx.try_emplace(L.Offset, NamedMembers.size());
      if (New)
        NamedMembers.push_back({L.Offset, {}});
      NamedMembers[It->second].second.push_back(M);
    }
  }
  llvm::sort(NamedMembers,
             [](const auto &A, const auto &B) { return A.first < B.first; });
  AnyPerSig.assign(PerSig.begin(), PerSig.end());
  llvm::sort(AnyPerSig);
  for (auto &[Class, Ctxs] : PerClass) {
    llvm::sort(Ctxs);
    AnyContexts.push_back({Class, std::move(Ctxs)});
  }
  llvm::sort(AnyContexts,
             [](const auto &A, const auto &B) { return A.first < B.first; });
}

ObjectPairing::PairVerdict ObjectPairing::classVerdict(unsigned P, unsigned Q) {
  if (P > Q)
    std::swap(P, Q);
  auto [It, New] =
      ClassVerdicts[AtUnion].try_emplace(uint64_t(P) << 32 | Q, NoPair);
  if (!New)
    return It->second;
  const AccessContext &A = R.Contexts[PC.ClassRep[P]],
                      &B = R.Contexts[PC.ClassRep[Q]];
  const Access &XA = *PC.ClassAccess[P], &YA = *PC.ClassAccess[Q];
  PairVerdict V = NoPair;
  // Two instances of one template never meet on an object that each
  // instance was handed for itself.
  if (accessesConflict(XA, YA, AtUnion) &&
      mayRunConcurrently(TM, A.Thread, B.Thread) &&
      !(A.Thread == B.Thread && TM.Objects[Obj].ownedPerInstance(A.Thread))) {
    OrderRule Rule = PC.Order ? PC.Order->ordered(A.Thread, PC.ClassOrder[P],
                                                  B.Thread, PC.ClassOrder[Q])
                              : OrderRule::None;
    V = Rule != OrderRule::None ? orderedBy(Rule)
        : locksExclude(A.Held, XA.IsWrite, B.Held, YA.IsWrite)
            ? ProtectedPair
            : UnprotectedPair;
  }
  It->second = V;
  return V;
}

ObjectPairing::PairVerdict ObjectPairing::sigVerdict(unsigned S, unsigned T) {
  if (S > T)
    std::swap(S, T);
  auto It = SigVerdicts[AtUnion].find(uint64_t(S) << 32 | T);
  if (It != SigVerdicts[AtUnion].end())
    return It->second;
  // Some context pair of the two accesses is unprotected, or conflicts.
  PairVerdict V = NoPair;
  for (unsigned P : PC.Sigs[S]) {
    for (unsigned Q : PC.Sigs[T]) {
      // Counted, not checked: the caller's next tick() does, so a
      // signature pair is never left half decided.
      ++R.Steps;
      V = std::max(V, classVerdict(P, Q));
      if (V == UnprotectedPair)
        break;
    }
    if (V == UnprotectedPair)
      break;
  }
  SigVerdicts[AtUnion][uint64_t(S) << 32 | T] = V;
  return V;
}

bool ObjectPairing::run() {
  if (!AnyPerSig.empty() && (OutOfTime() || !pairLocation(AnyOffset, {})))
    return false;
  for (const auto &[Off, Ms] : NamedMembers)
    if (OutOfTime() || !pairLocation(Off, Ms))
      return false;
  return true;
}

bool ObjectPairing::pairLocation(int64_t Off,
                                 llvm::ArrayRef<unsigned> NamedMs) {
  MemLoc L{Obj, Off};
  AtUnion = TM.inUnion(L);
  // Groups of accesses with one signature that name L, or that are only at
  // AnyOffset: every access pair between two groups has one verdict. Two
  // accesses only at AnyOffset pair at AnyOffset, not here.
  struct Group {
    unsigned Sig;
    bool AnyOnly;
    uint64_t N;
  };
  std::vector<Group> Groups;
  if (Off == AnyOffset) {
    for (auto [Sig, N] : AnyPerSig)
      Groups.push_back({Sig, false, N});
  } else {
    llvm::DenseMap<unsigned, uint64_t> Named, NamedAny;
    for (unsigned M : NamedMs) {
      unsigned Sig = PC.Accesses[Members[M].Acc].Sig;
      ++Named[Sig];
      if (Members[M].any())
        ++NamedAny[Sig];
    }
    for (auto [Sig, N] : Named)
      Groups.push_back({Sig, false, N});
    for (auto [Sig, N] : AnyPerSig)
      if (uint64_t Only = N - NamedAny.lookup(Sig))
        Groups.push_back({Sig, true, Only});
  }

  uint64_t Conflicting = 0, Unprotected = 0;
  uint64_t Ordered[3] = {0, 0, 0}; // By rule, as OrderRule lists them.
  for (size_t I = 0; I < Groups.size(); ++I) {
    for (size_t J = I; J < Groups.size(); ++J) {
      if (!tick())
        return false;
      const Group &G = Groups[I], &H = Groups[J];
      if (G.AnyOnly && H.AnyOnly)
        continue;
      PairVerdict V = sigVerdict(G.Sig, H.Sig);
      if (V == NoPair)
        continue;
      // Unordered access pairs, an access with itself included.
      uint64_t N = I == J ? G.N * (G.N + 1) / 2 : G.N * H.N;
      if (V != ProtectedPair && V != UnprotectedPair) {
        Ordered[V - OrderedBeforeThreads] += N;
        continue;
      }
      Conflicting += N;
      if (V == UnprotectedPair)
        Unprotected += N;
    }
  }
  std::vector<Candidate> Kept;
  uint64_t Target =
      std::min<uint64_t>(Unprotected, Opts.MaxCandidatesPerLocation);
  if (Target && !firstCandidates(L, NamedMs, Target, Kept))
    return false;
  R.ProtectedPairs += Conflicting - Unprotected;
  R.OrderedBeforeThreads += Ordered[0];
  R.OrderedAfterJoin += Ordered[1];
  R.OrderedOnce += Ordered[2];
  R.OrderedPairs += Ordered[0] + Ordered[1] + Ordered[2];
  if (Unprotected)
    R.PairsPerLocation[L] = Unprotected;
  for (Candidate &C : Kept)
    R.Candidates.push_back(std::move(C));
  return true;
}

bool ObjectPairing::firstCandidates(MemLoc L, llvm::ArrayRef<unsigned> NamedMs,
                                    uint64_t Target,
                                    std::vector<Candidate> &Out) {
  // One stream per unprotected pair of sub-classes (P, Q): the context
  // pairs (I, J), I in P, J in Q, I <= J, in lexicographic order. Merged,
  // they are the unprotected context pairs in source order; the first of
  // each access pair stands for it, as pairwise checking would pick.
  // The sub-classes at AnyOffset are the object's contexts at AnyOffset by
  // class; at a concrete offset, also those naming it by class, and two
  // lists only at AnyOffset do not pair there. A context both at AnyOffset
  // and at L then comes twice (the same pairs, with the same verdict; only
  // the first counts).
  struct Stream {
    const std::vector<unsigned> *P, *Q;
    size_t I, J;
  };
  std::vector<Stream> Streams;
  // The first J >= P[I] in Q; false if there is none (for any later I).
  auto Seek = [&](Stream &S) {
    if (S.I >= S.P->size())
      return false;
    S.J =
        std::lower_bound(S.Q->begin(), S.Q->end(), (*S.P)[S.I]) - S.Q->begin();
    return S.J < S.Q->size();
  };
  auto Advance = [&](Stream &S) {
    if (++S.J < S.Q->size())
      return true;
    ++S.I;
    return Seek(S);
  };
  auto AddStream = [&](const std::vector<unsigned> &P,
                       const std::vector<unsigned> &Q) {
    Stream S{&P, &Q, 0, 0};
    if (Seek(S))
      Streams.push_back(S);
  };
  auto AddBoth = [&](const std::vector<unsigned> &P,
                     const std::vector<unsigned> &Q) {
    AddStream(P, Q);
    if (&P != &Q)
      AddStream(Q, P);
  };

  std::vector<std::pair<unsigned, std::vector<unsigned>>> Named;
  if (L.Offset == AnyOffset) {
    for (size_t I = 0; I < AnyContexts.size(); ++I)
      for (size_t J = I; J < AnyContexts.size(); ++J) {
        if (!tick())
          return false;
        if (classVerdict(AnyContexts[I].first, AnyContexts[J].first) ==
            UnprotectedPair)
          AddBoth(AnyContexts[I].second, AnyContexts[J].second);
      }
  } else {
    llvm::DenseMap<unsigned, unsigned> NamedIdx;
    for (unsigned M : NamedMs)
      for (auto [Ctx, Class] : PC.Accesses[Members[M].Acc].Ctxs) {
        auto [It, New] = NamedIdx.try_emplace(Class, Named.size());
        if (New)
          Named.push_back({Class, {}});
        Named[It->second].second.push_back(Ctx);
      }
    for (auto &[Class, Ctxs] : Named)
      llvm::sort(Ctxs);
    for (size_t I = 0; I < Named.size(); ++I) {
      for (size_t J = I; J < Named.size(); ++J) {
        if (!tick())
          return false;
        if (classVerdict(Named[I].first, Named[J].first) == UnprotectedPair)
          AddBoth(Named[I].second, Named[J].second);
      }
      for (const auto &[Class, Ctxs] : AnyContexts) {
        if (!tick())
          return false;
        if (classVerdict(Named[I].first, Class) == UnprotectedPair)
          AddBoth(Named[I].second, Ctxs);
      }
    }
  }

  using Head = std::tuple<unsigned, unsigned, size_t>;
  std::priority_queue<Head, std::vector<Head>, std::greater<Head>> Heap;
  for (size_t K = 0; K < Streams.size(); ++K)
    Heap.push(
        {(*Streams[K].P)[Streams[K].I], (*Streams[K].Q)[Streams[K].J], K});
  llvm::DenseSet<uint64_t> Seen;
  std::string LocName = TM.describe(L);
  while (!Heap.empty() && Out.size() < Target) {
    // Many context pairs may share one access pair: a step each.
    if (!tick())
      return false;
    auto [I, J, K] = Heap.top();
    Heap.pop();
    const AccessContext &A = R.Contexts[I], &B = R.Contexts[J];
    if (Seen.insert(uint64_t(A.Acc) << 32 | B.Acc).second) {
      Candidate Cand;
      Cand.Loc = L;
      Cand.LocName = LocName;
      Cand.First = A;
      Cand.Second = B;
      Out.push_back(std::move(Cand));
    }
    Stream &S = Streams[K];
    if (Advance(S))
      Heap.push({(*S.P)[S.I], (*S.Q)[S.J], K});
  }
  return true;
}
