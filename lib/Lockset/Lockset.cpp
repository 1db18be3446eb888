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

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <map>
#include <queue>
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

/// A context in a shared object's bucket, with the offsets its access may
/// touch there, sorted (AnyOffset, the smallest, first when present).
struct Member {
  unsigned Ctx;
  const std::vector<int64_t> *Offsets; ///< Shared by the access's contexts.
  bool any() const { return Offsets->front() == AnyOffset; }
};

/// What accessesConflict reads of an access besides IsWrite and IsAtomic:
/// the instruction's opcode and the type it loads or stores. A key finer
/// than accessesConflict needs only costs classes; a coarser one would
/// change verdicts.
std::pair<unsigned, const llvm::Type *> accessTypeKey(const Access &A) {
  const llvm::Instruction *I = A.Inst;
  if (!I)
    return {0, nullptr};
  const llvm::Type *T = nullptr;
  if (auto *LI = llvm::dyn_cast<llvm::LoadInst>(I))
    T = LI->getType();
  else if (auto *SI = llvm::dyn_cast<llvm::StoreInst>(I))
    T = SI->getValueOperand()->getType();
  else if (auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(I))
    T = RMW->getValOperand()->getType();
  else if (auto *CX = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
    T = CX->getCompareOperand()->getType();
  return {I->getOpcode(), T};
}

/// Everything the verdict of a context pair on one object depends on: two
/// contexts with equal keys get the same verdict against any context.
struct ClassKey {
  TemplateId Thread;
  bool Write, Atomic;
  std::pair<unsigned, const llvm::Type *> Type;
  const LockSet *Held;
  bool operator<(const ClassKey &O) const {
    if (std::tie(Thread, Write, Atomic, Type) !=
        std::tie(O.Thread, O.Write, O.Atomic, O.Type))
      return std::tie(Thread, Write, Atomic, Type) <
             std::tie(O.Thread, O.Write, O.Atomic, O.Type);
    return *Held < *O.Held;
  }
};

/// What a pair of contexts is on one location.
enum PairVerdict : uint8_t { NoPair, ProtectedPair, UnprotectedPair };

/// Pairs the contexts of one shared object, location by location, by
/// classes instead of one by one (docs/design-lockset.md, item 6):
///  * contexts with one ClassKey form a class: one verdict per class pair;
///  * an access's classes (one per context) form its signature, and every
///    access pair between two signature groups has one verdict, so the
///    counts come from group sizes;
///  * the first candidates in source order come from a merge of the
///    context lists of the unprotected class pairs.
class ObjectPairing {
public:
  ObjectPairing(const ThreadModel &TM, const AccessTable &AT,
                const LocksetOptions &Opts, LocksetResult &R, ObjectId Obj,
                const std::vector<Member> &Members,
                llvm::function_ref<bool()> OutOfTime);

  /// Pairs every location of the object; false if the time ran out (the
  /// location being paired then contributes nothing).
  bool run();

private:
  const ThreadModel &TM;
  const AccessTable &AT;
  const LocksetOptions &Opts;
  LocksetResult &R;
  ObjectId Obj;
  llvm::function_ref<bool()> OutOfTime;
  uint64_t Work = 0;

  /// Per class: one of its contexts.
  std::vector<unsigned> ClassRep;
  /// One access of the object.
  struct Entry {
    std::vector<std::pair<unsigned, unsigned>> Ctxs; ///< (context, class).
    const Member *M = nullptr;                       ///< Its offsets.
    unsigned Sig = 0;
  };
  std::vector<Entry> Entries;
  /// Signatures: the sorted classes of an access's contexts.
  std::vector<std::vector<unsigned>> Sigs;
  llvm::DenseMap<uint64_t, PairVerdict> ClassVerdicts, SigVerdicts;
  /// The entries naming each concrete offset.
  std::map<int64_t, std::vector<unsigned>> NamedEntries;
  /// The entries at AnyOffset: how many per signature, and their contexts
  /// per class in source order (shared by every location of the object).
  std::map<unsigned, uint64_t> AnyPerSig;
  std::map<unsigned, std::vector<unsigned>> AnyContexts;

  bool tick() { return ++Work % 65536 != 0 || !OutOfTime(); }
  PairVerdict classVerdict(unsigned P, unsigned Q);
  PairVerdict sigVerdict(unsigned S, unsigned T);
  bool pairLocation(int64_t Off);
  bool firstCandidates(MemLoc L, uint64_t Target, std::vector<Candidate> &Out);
};

ObjectPairing::ObjectPairing(const ThreadModel &TM, const AccessTable &AT,
                             const LocksetOptions &Opts, LocksetResult &R,
                             ObjectId Obj, const std::vector<Member> &Members,
                             llvm::function_ref<bool()> OutOfTime)
    : TM(TM), AT(AT), Opts(Opts), R(R), Obj(Obj), OutOfTime(OutOfTime) {
  std::map<ClassKey, unsigned> ClassIds;
  std::map<AccessId, unsigned> EntryOf;
  for (const Member &M : Members) {
    const AccessContext &C = R.Contexts[M.Ctx];
    const Access *A = AT.get(C.Acc);
    ClassKey K{C.Thread, A->IsWrite, A->IsAtomic, accessTypeKey(*A), &C.Held};
    auto [CIt, NewClass] = ClassIds.try_emplace(K, ClassRep.size());
    if (NewClass)
      ClassRep.push_back(M.Ctx);
    auto [EIt, NewEntry] = EntryOf.try_emplace(C.Acc, Entries.size());
    if (NewEntry) {
      Entries.emplace_back();
      Entries.back().M = &M;
    }
    Entries[EIt->second].Ctxs.push_back({M.Ctx, CIt->second});
  }
  std::map<std::vector<unsigned>, unsigned> SigIds;
  for (unsigned E = 0; E < Entries.size(); ++E) {
    std::vector<unsigned> Classes;
    for (auto [Ctx, Class] : Entries[E].Ctxs)
      Classes.push_back(Class);
    llvm::sort(Classes);
    Classes.erase(std::unique(Classes.begin(), Classes.end()), Classes.end());
    auto [It, New] = SigIds.try_emplace(Classes, Sigs.size());
    if (New)
      Sigs.push_back(std::move(Classes));
    Entries[E].Sig = It->second;
    if (Entries[E].M->any()) {
      ++AnyPerSig[It->second];
      for (auto [Ctx, Class] : Entries[E].Ctxs)
        AnyContexts[Class].push_back(Ctx);
    }
    for (int64_t Off : *Entries[E].M->Offsets)
      if (Off != AnyOffset)
        NamedEntries[Off].push_back(E);
  }
  for (auto &[Class, Ctxs] : AnyContexts)
    llvm::sort(Ctxs);
}

PairVerdict ObjectPairing::classVerdict(unsigned P, unsigned Q) {
  if (P > Q)
    std::swap(P, Q);
  auto [It, New] = ClassVerdicts.try_emplace(uint64_t(P) << 32 | Q, NoPair);
  if (!New)
    return It->second;
  const AccessContext &A = R.Contexts[ClassRep[P]],
                      &B = R.Contexts[ClassRep[Q]];
  const Access *X = AT.get(A.Acc), *Y = AT.get(B.Acc);
  PairVerdict V = NoPair;
  // Two instances of one template never meet on an object that each
  // instance was handed for itself.
  if (accessesConflict(*X, *Y) && mayRunConcurrently(TM, A.Thread, B.Thread) &&
      !(A.Thread == B.Thread && TM.Objects[Obj].ownedPerInstance(A.Thread)))
    V = locksExclude(A.Held, X->IsWrite, B.Held, Y->IsWrite) ? ProtectedPair
                                                             : UnprotectedPair;
  It->second = V;
  return V;
}

PairVerdict ObjectPairing::sigVerdict(unsigned S, unsigned T) {
  if (S > T)
    std::swap(S, T);
  auto It = SigVerdicts.find(uint64_t(S) << 32 | T);
  if (It != SigVerdicts.end())
    return It->second;
  // Some context pair of the two accesses is unprotected, or conflicts.
  PairVerdict V = NoPair;
  for (unsigned P : Sigs[S]) {
    for (unsigned Q : Sigs[T]) {
      V = std::max(V, classVerdict(P, Q));
      if (V == UnprotectedPair)
        break;
    }
    if (V == UnprotectedPair)
      break;
  }
  SigVerdicts[uint64_t(S) << 32 | T] = V;
  return V;
}

bool ObjectPairing::run() {
  std::vector<int64_t> Offsets;
  if (!AnyPerSig.empty())
    Offsets.push_back(AnyOffset);
  for (const auto &[Off, Es] : NamedEntries)
    Offsets.push_back(Off);
  for (int64_t Off : Offsets)
    if (OutOfTime() || !pairLocation(Off))
      return false;
  return true;
}

bool ObjectPairing::pairLocation(int64_t Off) {
  MemLoc L{Obj, Off};
  // Groups of accesses with one signature that name L, or that are only at
  // AnyOffset: every access pair between two groups has one verdict. Two
  // accesses only at AnyOffset pair at AnyOffset, not here.
  struct Group {
    unsigned Sig;
    bool AnyOnly;
    uint64_t N;
  };
  std::map<std::pair<unsigned, bool>, uint64_t> Sizes;
  if (Off == AnyOffset) {
    for (auto [Sig, N] : AnyPerSig)
      Sizes[{Sig, false}] += N;
  } else {
    std::map<unsigned, uint64_t> AnyOnly = AnyPerSig;
    for (unsigned E : NamedEntries[Off]) {
      ++Sizes[{Entries[E].Sig, false}];
      if (Entries[E].M->any())
        --AnyOnly[Entries[E].Sig];
    }
    for (auto [Sig, N] : AnyOnly)
      if (N)
        Sizes[{Sig, true}] += N;
  }
  std::vector<Group> Groups;
  for (const auto &[K, N] : Sizes)
    Groups.push_back({K.first, K.second, N});

  uint64_t Conflicting = 0, Unprotected = 0;
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
      Conflicting += N;
      if (V == UnprotectedPair)
        Unprotected += N;
    }
  }
  std::vector<Candidate> Kept;
  uint64_t Target =
      std::min<uint64_t>(Unprotected, Opts.MaxCandidatesPerLocation);
  if (Target && !firstCandidates(L, Target, Kept))
    return false;
  R.ProtectedPairs += Conflicting - Unprotected;
  if (Unprotected)
    R.PairsPerLocation[L] = Unprotected;
  for (Candidate &C : Kept)
    R.Candidates.push_back(std::move(C));
  return true;
}

bool ObjectPairing::firstCandidates(MemLoc L, uint64_t Target,
                                    std::vector<Candidate> &Out) {
  // The contexts at L by class and by "only at AnyOffset", in source order.
  // The lists at AnyOffset are the object's: at a concrete offset they also
  // hold the contexts that name it, whose pairs then come twice (the same
  // context pairs, with the same verdict; only the first counts).
  std::map<unsigned, std::vector<unsigned>> Named;
  std::map<std::pair<unsigned, bool>, const std::vector<unsigned> *> Sub;
  bool Concrete = L.Offset != AnyOffset;
  for (const auto &[Class, Ctxs] : AnyContexts)
    Sub[{Class, Concrete}] = &Ctxs;
  if (Concrete) {
    for (unsigned E : NamedEntries[L.Offset])
      for (auto [Ctx, Class] : Entries[E].Ctxs)
        Named[Class].push_back(Ctx);
    for (auto &[Class, Ctxs] : Named) {
      llvm::sort(Ctxs);
      Sub[{Class, false}] = &Ctxs;
    }
  }

  // One stream per unprotected pair of sub-classes (P, Q): the context
  // pairs (I, J), I in P, J in Q, I <= J, in lexicographic order. Merged,
  // they are the unprotected context pairs in source order; the first of
  // each access pair stands for it, as pairwise checking would pick.
  struct Stream {
    const std::vector<unsigned> *P, *Q;
    size_t I, J;
  };
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
  std::vector<Stream> Streams;
  for (const auto &[KP, P] : Sub) {
    for (const auto &[KQ, Q] : Sub) {
      if (!tick())
        return false;
      if ((KP.second && KQ.second) ||
          classVerdict(KP.first, KQ.first) != UnprotectedPair)
        continue;
      Stream S{P, Q, 0, 0};
      if (Seek(S))
        Streams.push_back(S);
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
  // object, sorted.
  std::map<ObjectId, std::vector<Member>> ByObject;
  std::set<MemLoc> SharedLocs;
  // Per access: its shared objects with their offsets.
  std::map<AccessId, std::map<ObjectId, std::vector<int64_t>>> OffsetsOf;
  for (unsigned I = 0; I < R.Contexts.size(); ++I) {
    auto [It, New] = OffsetsOf.try_emplace(R.Contexts[I].Acc);
    if (New) {
      for (const MemLoc &L : AT.get(R.Contexts[I].Acc)->Locs)
        if (isSharedObject(TM, L.Obj)) {
          It->second[L.Obj].push_back(L.Offset);
          SharedLocs.insert(L);
        }
      for (auto &[O, V] : It->second) {
        llvm::sort(V);
        V.erase(std::unique(V.begin(), V.end()), V.end());
      }
    }
    for (const auto &[O, V] : It->second)
      ByObject[O].push_back({I, &V});
  }
  R.SharedLocations = SharedLocs.size();
  R.SharedObjects = ByObject.size();

  for (const auto &[Obj, Members] : ByObject) {
    if (OutOfTime())
      break;
    ObjectPairing P(TM, AT, Opts, R, Obj, Members, OutOfTime);
    if (!P.run())
      break;
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
