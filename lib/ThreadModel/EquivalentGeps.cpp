//===- EquivalentGeps.cpp - GEPs at variable indices with one address -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// equivalent-index (not a compromise: sound; docs/design-threadmodel.md).
// Two GEPs P and G compute one address when G has P's shape (source type,
// canonical base, and index expressions built from the same constants,
// casts, arithmetic and values), P dominates G, and on no path from P to G
// that does not pass P again is a value they use defined anew or a local
// slot they load from stored to. Only GEPs shaped like one that reaches a
// call's pointer argument (`lock(&a[i].m)`) are compared: a relative lock
// is all a canonical base is for.
//
// index-relative-lock (docs/design-lockset.md) rests on the same walk: a
// lock at `&locks[b % N]` and an access at `&counts[b]` (globals, one
// index load each) whose loads of `b` read one value.
//
//===----------------------------------------------------------------------===//

#include "EquivalentGeps.h"
#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

using namespace llvm;

namespace racesift {

namespace {
/// What a GEP computes its address from: tokens that must be equal, the
/// loads of local slots (paired by position between two shapes), and the
/// instructions whose values it uses.
struct Shape {
  std::vector<uintptr_t> Tokens;
  std::vector<const LoadInst *> Loads;
  std::vector<const Instruction *> Values;
};

enum Token : uintptr_t {
  TGep = 1,
  TBase,
  TConst,
  TCast,
  TBinary,
  TLoad,
  TValue,
  TIndex,
  TOffset
};

/// A GEP on a global whose one variable index is computed from one load of
/// a local slot and constants.
struct IndexShape {
  const LoadInst *Load = nullptr;
  const Value *Base = nullptr;
  std::vector<uintptr_t> Tokens;
};

/// What between() learns of one pair (P, G), each part on first need: the
/// instructions after P (without passing P again), and the blocks whose
/// front reaches G without passing P.
struct Span {
  std::optional<DenseSet<const Instruction *>> After;
  std::optional<DenseSet<const BasicBlock *>> ToG;
};

class Builder {
  const Function &F;
  const EquivalentGeps &Geps;
  /// Made once a call's argument is found based on a GEP.
  std::optional<DominatorTree> DT;
  DenseMap<const AllocaInst *, bool> SlotCache;
  DenseMap<const AllocaInst *, std::vector<const StoreInst *>> StoresOf;
  unsigned Checks = 0;
  /// Whether indexExpr reads a let-slot's load as the stored expression.
  bool ThroughLets = false;

public:
  Builder(const Function &F, const EquivalentGeps &Geps) : F(F), Geps(Geps) {}

  bool localSlot(const AllocaInst *AI) {
    auto [It, New] = SlotCache.try_emplace(AI, false);
    if (New)
      It->second = isLocalSlot(*AI);
    return It->second;
  }

  void value(const Value *V, Shape &S, unsigned Depth) {
    if (auto *C = dyn_cast<ConstantInt>(V)) {
      S.Tokens.insert(S.Tokens.end(), {TConst, uintptr_t(C)});
      return;
    }
    if (Depth < 8) {
      if (auto *Cast = dyn_cast<CastInst>(V)) {
        S.Tokens.insert(S.Tokens.end(),
                        {TCast, Cast->getOpcode(), uintptr_t(Cast->getType())});
        value(Cast->getOperand(0), S, Depth + 1);
        return;
      }
      if (auto *BO = dyn_cast<BinaryOperator>(V)) {
        S.Tokens.insert(S.Tokens.end(), {TBinary, BO->getOpcode()});
        value(BO->getOperand(0), S, Depth + 1);
        value(BO->getOperand(1), S, Depth + 1);
        return;
      }
      if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple())
        if (auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
            AI && localSlot(AI)) {
          S.Tokens.insert(S.Tokens.end(),
                          {TLoad, uintptr_t(AI), uintptr_t(LI->getType())});
          S.Loads.push_back(LI);
          return;
        }
    }
    S.Tokens.insert(S.Tokens.end(), {TValue, uintptr_t(V)});
    if (auto *I = dyn_cast<Instruction>(V))
      S.Values.push_back(I);
  }

  Shape shapeOf(const GetElementPtrInst &GEP) {
    Shape S;
    S.Tokens.insert(
        S.Tokens.end(),
        {TGep, uintptr_t(GEP.getSourceElementType()), GEP.getNumIndices()});
    BaseRef B = canonicalBase(GEP.getPointerOperand(), &Geps);
    S.Tokens.insert(S.Tokens.end(), {TBase, uintptr_t(B.Offset)});
    value(B.Base, S, 0);
    for (const Use &Idx : GEP.indices())
      value(Idx, S, 0);
    return S;
  }

  /// The index expression V of an index-relative address: casts and
  /// binary operators over constants and one load of a local slot. With
  /// Injective, only what maps distinct values to distinct values: sext,
  /// zext, and adding, subtracting or xoring a constant.
  bool indexExpr(const Value *V, IndexShape &S, bool Injective,
                 unsigned Depth) {
    if (Depth >= 8)
      return false;
    if (auto *Cast = dyn_cast<CastInst>(V)) {
      bool Widens = isa<SExtInst>(Cast) || isa<ZExtInst>(Cast);
      if (!Widens && (Injective || !isa<TruncInst>(Cast)))
        return false;
      S.Tokens.insert(S.Tokens.end(),
                      {TCast, Cast->getOpcode(), uintptr_t(Cast->getType())});
      return indexExpr(Cast->getOperand(0), S, Injective, Depth + 1);
    }
    if (auto *BO = dyn_cast<BinaryOperator>(V)) {
      unsigned Op = BO->getOpcode();
      bool Bijective = Op == Instruction::Add || Op == Instruction::Sub ||
                       Op == Instruction::Xor;
      if (Injective && (!Bijective || (!isa<ConstantInt>(BO->getOperand(0)) &&
                                       !isa<ConstantInt>(BO->getOperand(1)))))
        return false;
      S.Tokens.insert(S.Tokens.end(), {TBinary, Op});
      for (const Value *Opnd : BO->operands()) {
        if (auto *C = dyn_cast<ConstantInt>(Opnd))
          S.Tokens.insert(S.Tokens.end(), {TConst, uintptr_t(C)});
        else if (!indexExpr(Opnd, S, Injective, Depth + 1))
          return false;
      }
      return true;
    }
    auto *LI = dyn_cast<LoadInst>(V);
    if (S.Load || !LI || !LI->isSimple())
      return false;
    auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
    if (!AI || !localSlot(AI))
      return false;
    // A local stored once, earlier in the load's block (`int li = b % N;
    // lock(&locks[li])`): it holds that expression of b's load (let-slot).
    const std::vector<const StoreInst *> &Defs = StoresOf.lookup(AI);
    if (ThroughLets && Defs.size() == 1 &&
        Defs[0]->getParent() == LI->getParent() && Defs[0]->comesBefore(LI) &&
        Defs[0]->getValueOperand() != LI &&
        !isa<Argument>(Defs[0]->getValueOperand()) &&
        !isa<ConstantInt>(Defs[0]->getValueOperand()))
      return indexExpr(Defs[0]->getValueOperand(), S, Injective, Depth + 1);
    S.Load = LI;
    S.Tokens.insert(S.Tokens.end(), {TLoad, uintptr_t(LI->getType())});
    return true;
  }

  /// GEP's address as a function of one index value: its base a global
  /// (not thread-local: a thread's own copy) or another canonical base
  /// (one object per activation; relative-lock-address) at a known offset,
  /// every index constant but one.
  std::optional<IndexShape> indexShape(const GetElementPtrInst &GEP,
                                       bool Injective) {
    BaseRef B = canonicalBase(GEP.getPointerOperand(), &Geps);
    auto *GV = dyn_cast_or_null<GlobalVariable>(B.Base);
    if (!B.Base || B.Offset == AnyOffset || (GV && GV->isThreadLocal()) ||
        !(GV || isa<Argument>(B.Base) || isa<Instruction>(B.Base)))
      return std::nullopt;
    IndexShape S;
    // A global is one object wherever it is named: the shape names it.
    // Another base is one object only within one activation: the shape
    // names its kind, and a lock and an access match only on one Base.
    S.Base = GV ? nullptr : B.Base;
    S.Tokens = {
        TGep,  uintptr_t(GEP.getSourceElementType()),  GEP.getNumIndices(),
        TBase, GV ? uintptr_t(GV) : uintptr_t(TValue), uintptr_t(B.Offset)};
    for (const Use &Idx : GEP.indices()) {
      if (auto *C = dyn_cast<ConstantInt>(Idx)) {
        S.Tokens.insert(S.Tokens.end(), {TConst, uintptr_t(C)});
        continue;
      }
      S.Tokens.push_back(TIndex);
      if (!indexExpr(Idx, S, Injective, 0))
        return std::nullopt; // Also a second variable index.
    }
    if (!S.Load || S.Load->getParent() != GEP.getParent())
      return std::nullopt;
    return S;
  }

  /// Lock addresses (the representatives of the GEPs calls take an address
  /// from) and the access addresses whose index value is one of theirs.
  void findIndexed(ArrayRef<const GetElementPtrInst *> VarGeps,
                   const DenseSet<const GetElementPtrInst *> &Anchors,
                   const DenseMap<const Value *, const Value *> &Rep,
                   EquivalentGeps::IndexedGeps &Locks,
                   EquivalentGeps::IndexedGeps &Accesses) {
    // Lock index loads in dominator order, each with the first earlier one
    // that reads the same value.
    std::vector<std::pair<const LoadInst *, const Value *>> LockLoads;
    auto SameValue = [&](const LoadInst *P, const LoadInst *G) {
      if (P == G)
        return true;
      if (P->getPointerOperand() != G->getPointerOperand() ||
          !DT->dominates(P, G))
        return false;
      Span Pair;
      return !storedBetween(cast<AllocaInst>(G->getPointerOperand()), P, G,
                            Pair);
    };
    auto IndexOf = [&](const LoadInst *G) -> const Value * {
      for (auto It = LockLoads.rbegin(); It != LockLoads.rend(); ++It)
        if (SameValue(It->first, G))
          return It->second;
      return nullptr;
    };
    DenseSet<const Value *> AnchorReps;
    for (const GetElementPtrInst *A : Anchors)
      AnchorReps.insert(Rep.count(A) ? Rep.lookup(A) : A);
    for (const GetElementPtrInst *G : VarGeps) {
      if (!AnchorReps.count(G))
        continue;
      std::optional<IndexShape> S = indexShape(*G, /*Injective=*/false);
      if (!S)
        continue;
      const Value *Index = IndexOf(S->Load);
      if (!Index)
        Index = S->Load;
      LockLoads.push_back({S->Load, Index});
      Locks[G] = {Index, S->Base, std::move(S->Tokens)};
    }
    if (LockLoads.empty())
      return;
    DenseSet<const Value *> Used;
    std::vector<const GetElementPtrInst *> Unmatched;
    for (const GetElementPtrInst *G : VarGeps) {
      if (Rep.count(G))
        continue;
      std::optional<IndexShape> S = indexShape(*G, /*Injective=*/true);
      if (!S)
        continue;
      if (const Value *Index = IndexOf(S->Load)) {
        if (!AnchorReps.count(G)) // The lock's own address is no use.
          Used.insert(Index);
        Accesses[G] = {Index, S->Base, std::move(S->Tokens)};
      } else {
        Unmatched.push_back(G);
      }
    }
    // A lock no access matched, at a let-slot's value (`int li = k % N;
    // lock(&locks[li]); counts[k]`): the lock's index is that expression
    // of k's load, which the accesses may read (let-slot).
    bool Changed = false;
    ThroughLets = true;
    for (auto &[Load, Index] : LockLoads) {
      if (Used.count(Index))
        continue;
      const Value *Was = Index;
      const LoadInst *WasLoad = Load;
      for (const GetElementPtrInst *G : VarGeps) {
        auto It = Locks.find(G);
        if (It == Locks.end() || It->second.Index != Was)
          continue;
        std::optional<IndexShape> S = indexShape(*G, /*Injective=*/false);
        if (!S || S->Load == WasLoad)
          continue;
        It->second = {S->Load, S->Base, std::move(S->Tokens)};
        Load = S->Load;
        Index = S->Load;
        Changed = true;
      }
    }
    ThroughLets = false;
    if (!Changed)
      return;
    for (const GetElementPtrInst *G : Unmatched) {
      std::optional<IndexShape> S = indexShape(*G, /*Injective=*/true);
      if (!S)
        continue;
      if (const Value *Index = IndexOf(S->Load))
        Accesses[G] = {Index, S->Base, std::move(S->Tokens)};
    }
  }

  /// Whether Kill may run between P and G: after P (Pair.After, what is
  /// reachable from it without passing it again), and before G without P
  /// in between.
  bool between(const Instruction *Kill, const Instruction *P,
               const Instruction *G, Span &Pair) {
    ++Checks;
    if (P->getParent() == G->getParent() && P->comesBefore(G))
      return Kill->getParent() == P->getParent() && P->comesBefore(Kill) &&
             Kill->comesBefore(G);
    if (!Pair.After)
      Pair.After = reachableAfter({P}, P);
    return Pair.After->count(Kill) && reaches(Kill, P, G, Pair);
  }

  /// Whether G is reached from after X without passing P: what
  /// reachableAfter({X}, P).count(G) says, from one backward walk per pair
  /// instead of a forward one per X.
  static bool reaches(const Instruction *X, const Instruction *P,
                      const Instruction *G, Span &Pair) {
    for (const Instruction *I = X->getNextNode(); I; I = I->getNextNode()) {
      if (I == P)
        return false;
      if (I == G)
        return true;
    }
    if (!Pair.ToG)
      Pair.ToG = blocksReaching(P, G);
    return any_of(successors(X->getParent()),
                  [&](const BasicBlock *S) { return Pair.ToG->count(S); });
  }

  /// The blocks that, entered at their front, reach G without passing P.
  static DenseSet<const BasicBlock *> blocksReaching(const Instruction *P,
                                                     const Instruction *G) {
    DenseSet<const BasicBlock *> Good;
    const BasicBlock *GB = G->getParent();
    if (P->getParent() == GB && P->comesBefore(G))
      return Good;
    Good.insert(GB);
    SmallVector<const BasicBlock *, 8> Work{GB};
    while (!Work.empty())
      for (const BasicBlock *Pred : predecessors(Work.pop_back_val()))
        if (Pred != P->getParent() && Good.insert(Pred).second)
          Work.push_back(Pred);
    return Good;
  }

  /// Whether a store to Slot may run between P and G (or the check budget
  /// is spent, which counts as yes).
  bool storedBetween(const AllocaInst *Slot, const Instruction *P,
                     const Instruction *G, Span &Pair) {
    for (const StoreInst *SI : StoresOf.lookup(Slot))
      if (Checks >= EquivalentGeps::MaxChecks || between(SI, P, G, Pair))
        return true;
    return false;
  }

  /// Whether L reads what Slot holds when Use runs: L is earlier in Use's
  /// block with no store to Slot between (`a[i++]` stores between).
  static bool readAt(const LoadInst *L, const Instruction *Use,
                     const AllocaInst *Slot) {
    if (L->getParent() != Use->getParent() || !L->comesBefore(Use))
      return false;
    for (const Instruction *I = L->getNextNode(); I != Use;
         I = I->getNextNode())
      if (auto *SI = dyn_cast<StoreInst>(I);
          SI && SI->getPointerOperand() == Slot)
        return false;
    return true;
  }

  /// Whether G computes the address P computed last, given equal shapes:
  /// each slot holds at G what it held at P, and each value is the same.
  bool sameAddress(const Instruction *P, const Shape &PS, const Instruction *G,
                   const Shape &GS) {
    if (!DT->dominates(P, G))
      return false;
    Span Pair;
    for (const Instruction *V : GS.Values)
      if (Checks >= EquivalentGeps::MaxChecks || between(V, P, G, Pair))
        return false;
    for (size_t K = 0; K < GS.Loads.size(); ++K) {
      auto *Slot = cast<AllocaInst>(GS.Loads[K]->getPointerOperand());
      if (PS.Loads[K] == GS.Loads[K]) {
        // One load, unless it runs again in between.
        if (Checks >= EquivalentGeps::MaxChecks ||
            between(GS.Loads[K], P, G, Pair))
          return false;
        continue;
      }
      if (!readAt(PS.Loads[K], P, Slot) || !readAt(GS.Loads[K], G, Slot) ||
          storedBetween(Slot, P, G, Pair))
        return false;
    }
    return true;
  }

  void run(DenseMap<const Value *, const Value *> &Rep,
           EquivalentGeps::IndexedGeps *Locks,
           EquivalentGeps::IndexedGeps *Accesses) {
    // The GEPs at variable indices, dominators first (so that a GEP's base
    // is already mapped), and those a call's pointer argument is based on.
    std::vector<const GetElementPtrInst *> Geps;
    DenseSet<const GetElementPtrInst *> Anchors;
    // Pointer loads in dominator order, and those a call's pointer argument
    // is based on (`lock(&acc[i]->m)`, reloaded-pointer).
    std::vector<const LoadInst *> Loads;
    DenseSet<const LoadInst *> AnchorLoads;
    for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&F))
      for (const Instruction &I : *BB) {
        if (auto *GEP = dyn_cast<GetElementPtrInst>(&I);
            GEP && !GEP->hasAllConstantIndices())
          Geps.push_back(GEP);
        if (auto *LI = dyn_cast<LoadInst>(&I);
            LI && LI->isSimple() && LI->getType()->isPointerTy())
          Loads.push_back(LI);
        if (auto *CB = dyn_cast<CallBase>(&I))
          for (const Use &Arg : CB->args())
            if (Arg->getType()->isPointerTy()) {
              const Value *B = canonicalBase(Arg).Base;
              if (auto *GEP = dyn_cast_or_null<GetElementPtrInst>(B))
                Anchors.insert(GEP);
              if (auto *LI = dyn_cast_or_null<LoadInst>(B);
                  LI && LI->isSimple())
                AnchorLoads.insert(LI);
            }
      }
    if (Anchors.empty() && AnchorLoads.empty())
      return;
    DT.emplace(const_cast<Function &>(F));
    for (const Instruction &I : instructions(F))
      if (auto *SI = dyn_cast<StoreInst>(&I))
        if (auto *AI = dyn_cast<AllocaInst>(SI->getPointerOperand()))
          StoresOf[AI].push_back(SI);
    // Only GEPs that step through the type of one that a call's argument
    // is based on, or of one its base is, can matter (at -O0, few do).
    DenseSet<std::pair<Type *, unsigned>> Relevant;
    std::vector<const GetElementPtrInst *> Roots(Anchors.begin(),
                                                 Anchors.end());
    for (const LoadInst *L : AnchorLoads)
      if (auto *GEP = dyn_cast<GetElementPtrInst>(
              canonicalBase(L->getPointerOperand()).Base))
        Roots.push_back(GEP);
    for (const GetElementPtrInst *A : Roots)
      for (unsigned Depth = 0; A && Depth < 8; ++Depth) {
        Relevant.insert({A->getSourceElementType(), A->getNumIndices()});
        A = dyn_cast<GetElementPtrInst>(
            canonicalBase(A->getPointerOperand()).Base);
      }
    std::map<std::vector<uintptr_t>,
             std::vector<std::pair<const Instruction *, Shape>>>
        Seen;
    for (const GetElementPtrInst *G : Geps) {
      if (!Relevant.count({G->getSourceElementType(), G->getNumIndices()}))
        continue;
      Shape S = shapeOf(*G);
      auto &Earlier = Seen[S.Tokens];
      for (auto It = Earlier.rbegin(); It != Earlier.rend(); ++It)
        if (sameAddress(It->first, It->second, G, S)) {
          const Value *R = Rep.lookup(It->first);
          Rep[G] = R ? R : It->first;
          break;
        }
      Earlier.push_back({G, std::move(S)});
    }
    findReloads(Loads, AnchorLoads, Rep);
    if (Locks && !Anchors.empty())
      findIndexed(Geps, Anchors, Rep, *Locks, *Accesses);
  }

  /// reloaded-pointer: a load of the address an earlier, dominating load
  /// read, with nothing between them that writes memory other than local
  /// slots or releases (only lock acquisitions may come between), reads
  /// the same pointer in a data-race-free execution: a different value
  /// needs another thread's write ordered after the first load and before
  /// the second, and only a release by this thread in between can order
  /// it so. (If that write races with the loads, the race on the pointer
  /// is what is reported.)
  void findReloads(ArrayRef<const LoadInst *> Loads,
                   const DenseSet<const LoadInst *> &AnchorLoads,
                   DenseMap<const Value *, const Value *> &Rep) {
    if (AnchorLoads.empty())
      return;
    auto Address = [&](const LoadInst *L) {
      return canonicalBase(L->getPointerOperand(), &Geps);
    };
    std::set<BaseRef> Relevant;
    for (const LoadInst *L : AnchorLoads)
      Relevant.insert(Address(L));
    std::vector<const Instruction *> Kills;
    for (const Instruction &I : instructions(F))
      if (mayWriteOrRelease(I))
        Kills.push_back(&I);
    std::map<BaseRef, std::vector<const LoadInst *>> Seen;
    for (const LoadInst *L : Loads) {
      BaseRef A = Address(L);
      if (!A.Base || A.Offset == AnyOffset || !Relevant.count(A))
        continue;
      auto &Earlier = Seen[A];
      for (auto It = Earlier.rbegin(); It != Earlier.rend(); ++It)
        if (sameLoad(*It, L, A.Base, Kills)) {
          const Value *R = Rep.lookup(*It);
          Rep[L] = R ? R : *It;
          break;
        }
      Earlier.push_back(L);
    }
  }

  /// Whether I may write memory another load reads, or release (order
  /// this thread's earlier accesses before another thread's later ones).
  bool mayWriteOrRelease(const Instruction &I) {
    if (auto *SI = dyn_cast<StoreInst>(&I)) {
      auto *AI = dyn_cast<AllocaInst>(SI->getPointerOperand());
      return !AI || !localSlot(AI) || !SI->isSimple();
    }
    if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I))
      return true;
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      return false;
    if (isa<DbgInfoIntrinsic>(CB) || CB->isLifetimeStartOrEnd())
      return false;
    const Function *Callee = CB->getCalledFunction();
    if (!Callee || !Callee->isDeclaration())
      return true;
    // Acquisitions only: a lock, a semaphore wait, a join.
    const SyncApi *Api = lookupSyncApi(Callee->getName());
    return !Api ||
           (Api->Kind != ActionKind::Lock && Api->Kind != ActionKind::TryLock &&
            Api->Kind != ActionKind::SemWait &&
            Api->Kind != ActionKind::SemTryWait &&
            Api->Kind != ActionKind::Join);
  }

  /// Whether G reads what P read: P dominates G, Base is not computed
  /// anew between them, and no kill runs between them.
  bool sameLoad(const LoadInst *P, const LoadInst *G, const Value *Base,
                ArrayRef<const Instruction *> Kills) {
    if (!DT->dominates(P, G))
      return false;
    Span Pair;
    if (auto *BI = dyn_cast<Instruction>(Base);
        BI && !(BI->getParent() == P->getParent() && BI->comesBefore(P)) &&
        (Checks >= EquivalentGeps::MaxChecks || between(BI, P, G, Pair)))
      return false;
    for (const Instruction *K : Kills) {
      if (Checks >= EquivalentGeps::MaxChecks)
        return false;
      // Same block, P before G: only what lies between them.
      if (P->getParent() == G->getParent() && P->comesBefore(G) &&
          K->getParent() != P->getParent())
        continue;
      if (between(K, P, G, Pair))
        return false;
    }
    return true;
  }
};
} // namespace

EquivalentGeps::EquivalentGeps(const Function &F, IndexShapes *Shapes)
    : Shapes(Shapes) {
  if (F.isDeclaration())
    return;
  Builder(F, *this).run(Rep, Shapes ? &LockShapes : nullptr,
                        Shapes ? &AccessShapes : nullptr);
}

IndexKey EquivalentGeps::key(const IndexedGeps &Map, const BaseRef &B) const {
  auto It = Map.find(B.Base);
  if (It == Map.end() || B.Offset == AnyOffset)
    return {};
  std::vector<uintptr_t> Tokens = It->second.Tokens;
  Tokens.insert(Tokens.end(), {TOffset, uintptr_t(B.Offset)});
  return {It->second.Index, It->second.Base, Shapes->intern(std::move(Tokens))};
}

} // namespace racesift
