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
//===----------------------------------------------------------------------===//

#include "EquivalentGeps.h"
#include "FunctionGraphBuilder.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <map>
#include <optional>
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
  TValue
};

class Builder {
  const Function &F;
  const EquivalentGeps &Geps;
  /// Made once a call's argument is found based on a GEP.
  std::optional<DominatorTree> DT;
  DenseMap<const AllocaInst *, bool> SlotCache;
  DenseMap<const AllocaInst *, std::vector<const StoreInst *>> StoresOf;
  unsigned Checks = 0;

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

  /// Whether Kill may run between P and G: after P (AfterP, what is
  /// reachable from it without passing it again), and before G without P
  /// in between.
  bool between(const Instruction *Kill, const Instruction *P,
               const Instruction *G,
               std::optional<DenseSet<const Instruction *>> &AfterP) {
    ++Checks;
    if (P->getParent() == G->getParent() && P->comesBefore(G))
      return Kill->getParent() == P->getParent() && P->comesBefore(Kill) &&
             Kill->comesBefore(G);
    if (!AfterP)
      AfterP = reachableAfter({P}, P);
    return AfterP->count(Kill) && reachableAfter({Kill}, P).count(G);
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
    std::optional<DenseSet<const Instruction *>> AfterP;
    for (const Instruction *V : GS.Values)
      if (Checks >= EquivalentGeps::MaxChecks || between(V, P, G, AfterP))
        return false;
    for (size_t K = 0; K < GS.Loads.size(); ++K) {
      auto *Slot = cast<AllocaInst>(GS.Loads[K]->getPointerOperand());
      if (PS.Loads[K] == GS.Loads[K]) {
        // One load, unless it runs again in between.
        if (Checks >= EquivalentGeps::MaxChecks ||
            between(GS.Loads[K], P, G, AfterP))
          return false;
        continue;
      }
      if (!readAt(PS.Loads[K], P, Slot) || !readAt(GS.Loads[K], G, Slot))
        return false;
      for (const StoreInst *SI : StoresOf.lookup(Slot))
        if (Checks >= EquivalentGeps::MaxChecks || between(SI, P, G, AfterP))
          return false;
    }
    return true;
  }

  void run(DenseMap<const Value *, const Value *> &Rep) {
    // The GEPs at variable indices, dominators first (so that a GEP's base
    // is already mapped), and those a call's pointer argument is based on.
    std::vector<const GetElementPtrInst *> Geps;
    DenseSet<const GetElementPtrInst *> Anchors;
    for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&F))
      for (const Instruction &I : *BB) {
        if (auto *GEP = dyn_cast<GetElementPtrInst>(&I);
            GEP && !GEP->hasAllConstantIndices())
          Geps.push_back(GEP);
        if (auto *CB = dyn_cast<CallBase>(&I))
          for (const Use &Arg : CB->args())
            if (Arg->getType()->isPointerTy())
              if (auto *GEP =
                      dyn_cast<GetElementPtrInst>(canonicalBase(Arg).Base))
                Anchors.insert(GEP);
      }
    if (Anchors.empty())
      return;
    DT.emplace(const_cast<Function &>(F));
    for (const Instruction &I : instructions(F))
      if (auto *SI = dyn_cast<StoreInst>(&I))
        if (auto *AI = dyn_cast<AllocaInst>(SI->getPointerOperand()))
          StoresOf[AI].push_back(SI);
    // Only GEPs that step through the type of one that a call's argument
    // is based on, or of one its base is, can matter (at -O0, few do).
    DenseSet<std::pair<Type *, unsigned>> Relevant;
    for (const GetElementPtrInst *A : Anchors)
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
  }
};
} // namespace

EquivalentGeps::EquivalentGeps(const Function &F) {
  if (F.isDeclaration())
    return;
  Builder(F, *this).run(Rep);
}

} // namespace racesift
