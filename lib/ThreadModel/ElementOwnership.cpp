//===- ElementOwnership.cpp - Array elements handed to one thread each ----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The textbook way to give each thread its arguments:
//
//   struct arg args[N];
//   for (int i = 0; i < N; i++) {
//     args[i].id = i;
//     pthread_create(&t[i], 0, worker, &args[i]);
//   }
//
// The array is one abstract object, so the workers would race with each
// other on it, and main's writes for the next element with the workers
// running. When the index only grows, every creation hands a different
// element; when the worker touches the array only through its parameter
// and within one element, two workers never meet on it (owned per
// instance), and main's accesses through &args[i] before the creation in
// the same iteration touch an element no running thread has (fresh-init).
// See "element-owned" in docs/design-threadmodel.md for the conditions.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

std::optional<ElementRef> elementRef(const Value *V, const DataLayout &DL) {
  auto *GEP = dyn_cast<GetElementPtrInst>(V->stripPointerCasts());
  if (!GEP || GEP->getNumIndices() < 1)
    return std::nullopt;
  // [N x T] base: indices (0, i); T base: index (i).
  Type *SrcTy = GEP->getSourceElementType();
  auto *ATy = dyn_cast<ArrayType>(SrcTy);
  unsigned Want = ATy ? 2 : 1;
  if (GEP->getNumIndices() != Want)
    return std::nullopt;
  if (ATy) {
    auto *Zero = dyn_cast<ConstantInt>(GEP->getOperand(1));
    if (!Zero || !Zero->isZero())
      return std::nullopt;
  }
  const Value *Idx = GEP->getOperand(GEP->getNumOperands() - 1);
  if (auto *C = dyn_cast<CastInst>(Idx); C && C->isIntegerCast())
    Idx = C->getOperand(0);
  auto *LI = dyn_cast<LoadInst>(Idx);
  auto *Slot = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
  if (!Slot)
    return std::nullopt;
  const Value *Base = GEP->getPointerOperand()->stripPointerCasts();
  const Value *Array = Base;
  if (auto *BL = dyn_cast<LoadInst>(Base); BL && !ATy) {
    // A heap array reached through the local that holds it (`a =
    // malloc(n * sizeof *a); ... &a[i]`): the local is stored once, with
    // the allocation, so every load of it is the same array.
    auto *PtrSlot = dyn_cast<AllocaInst>(BL->getPointerOperand());
    const Value *Stored = PtrSlot ? singleStoredValue(PtrSlot) : nullptr;
    auto *Alloc =
        Stored ? dyn_cast<CallBase>(Stored->stripPointerCasts()) : nullptr;
    if (!Alloc)
      return std::nullopt;
    Base = PtrSlot;
    Array = Alloc;
  } else if (!isa<GlobalVariable>(Base) && !isa<AllocaInst>(Base)) {
    return std::nullopt;
  }
  Type *ElemTy = ATy ? ATy->getElementType() : SrcTy;
  return ElementRef{Base, Array, Slot, LI, DL.getTypeAllocSize(ElemTy)};
}

namespace {

/// The slot is a counter that only grows: every store adds a positive
/// constant to it or sets it to a constant (a reset), nothing else uses
/// its address. Returns the one increment, or null.
const StoreInst *onlyIncrement(const AllocaInst &Slot,
                               std::vector<const StoreInst *> &Resets) {
  const StoreInst *Inc = nullptr;
  for (const User *U : Slot.users()) {
    if (isa<LoadInst>(U))
      continue;
    if (auto *II = dyn_cast<IntrinsicInst>(U))
      if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
        continue;
    auto *SI = dyn_cast<StoreInst>(U);
    bool Relative;
    int64_t C;
    if (!SI || !counterStore(*SI, &Slot, Relative, C))
      return nullptr;
    if (!Relative) {
      Resets.push_back(SI);
      continue;
    }
    if (C <= 0 || Inc)
      return nullptr;
    Inc = SI;
  }
  return Inc;
}

/// Pointers derived from Root (a start routine's parameter, or &a[i]), if
/// every one stays within [0, Size) of it and none leaves the function (no
/// call, no store but into a single-store local slot, no return, no
/// variable index). Accesses, if given, receives the loads and stores
/// through them with their pointer operands. Without ThroughSlots a store
/// of a derived pointer into a local slot fails too.
/// PtrLoads, if given, receives the loads of pointers with their offsets.
using AccessList = std::vector<std::pair<const Instruction *, const Value *>>;
using PtrLoadList = std::vector<std::pair<const LoadInst *, int64_t>>;
std::optional<DenseSet<const Value *>>
withinElement(const Value &Root, uint64_t Size, const DataLayout &DL,
              AccessList *Accesses = nullptr, bool ThroughSlots = true,
              PtrLoadList *PtrLoads = nullptr) {
  DenseSet<const Value *> Derived{&Root};
  SmallVector<std::pair<const Value *, int64_t>, 8> Work{{&Root, 0}};
  auto Fits = [&](int64_t Off, Type *T) {
    return Off >= 0 && uint64_t(Off) + DL.getTypeStoreSize(T) <= Size;
  };
  while (!Work.empty()) {
    auto [V, Off] = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I)
        return std::nullopt;
      if (auto *GEP = dyn_cast<GEPOperator>(I)) {
        APInt Delta(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (U.getOperandNo() != 0 || !GEP->accumulateConstantOffset(DL, Delta))
          return std::nullopt;
        if (Derived.insert(I).second)
          Work.push_back({I, Off + Delta.getSExtValue()});
      } else if (isa<BitCastInst>(I) || isa<AddrSpaceCastInst>(I)) {
        if (Derived.insert(I).second)
          Work.push_back({I, Off});
      } else if (auto *LI = dyn_cast<LoadInst>(I)) {
        if (!Fits(Off, LI->getType()))
          return std::nullopt;
        if (Accesses)
          Accesses->push_back({I, V});
        if (PtrLoads && LI->getType()->isPointerTy())
          PtrLoads->push_back({LI, Off});
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() == 1) {
          if (!Fits(Off, SI->getValueOperand()->getType()))
            return std::nullopt;
          if (Accesses)
            Accesses->push_back({I, V});
          continue;
        }
        auto *Slot = dyn_cast<AllocaInst>(SI->getPointerOperand());
        if (!ThroughSlots || !Slot || singleStoredValue(Slot) != V)
          return std::nullopt;
        for (const User *SU : Slot->users())
          if (isa<LoadInst>(SU) && Derived.insert(SU).second)
            Work.push_back({SU, Off});
      } else if (!isa<ICmpInst>(I)) {
        return std::nullopt;
      }
    }
  }
  return Derived;
}

/// Whether an instruction of a function may touch Obj through a pointer not
/// in Allowed.
bool touchesOtherwise(const Function &F, ObjectId Obj,
                      const DenseSet<const Value *> &Allowed,
                      const PointsToAnalysis &PTA) {
  for (const Instruction &I : instructions(F))
    for (const Use &Op : I.operands())
      if (Op->getType()->isPointerTy() && !Allowed.count(Op.get()) &&
          any_of(PTA.pointsTo(Op.get()),
                 [&](const MemLoc &L) { return L.Obj == Obj; }))
        return true;
  return false;
}

/// Whether the counter Slot keeps its value from load Index to I: both in
/// one block, no store to Slot in between.
bool sameCount(const LoadInst &Index, const Instruction &I,
               const AllocaInst &Slot) {
  if (Index.getParent() != I.getParent())
    return false;
  for (const Instruction *J = Index.getNextNode(); J; J = J->getNextNode()) {
    if (J == &I)
      return true;
    if (auto *SI = dyn_cast<StoreInst>(J);
        SI && SI->getPointerOperand() == &Slot)
      return false;
  }
  return false;
}

/// element-linked: the array R whose element &R[i] the creator stores, with
/// the counter of &A[i], into the pointer field at Off of A's element, if
/// every pointer the module stores into A is such a store into that field
/// (so element k's field only ever holds &R[k]) and no call but the
/// creation is given A.
std::optional<ElementRef> linkedArray(const Module &M, const ElementRef &E,
                                      ObjectId AObj, int64_t Off,
                                      const CreationSite &C,
                                      const PointsToAnalysis &PTA) {
  const DataLayout &DL = M.getDataLayout();
  auto IntoA = [&](const Value *P) {
    return any_of(PTA.pointsTo(P),
                  [&](const MemLoc &L) { return L.Obj == AObj; });
  };
  std::optional<ElementRef> Linked;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        const Function *Callee = CB->getCalledFunction();
        if (CB == C.Call || isa<DbgInfoIntrinsic>(CB) ||
            (Callee && Callee->getName() == "free"))
          continue;
        if (any_of(CB->args(), [&](const Use &A) {
              return A->getType()->isPointerTy() && IntoA(A.get());
            }))
          return std::nullopt;
        continue;
      }
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI || !SI->getValueOperand()->getType()->isPointerTy() ||
          !IntoA(SI->getPointerOperand()))
        continue;
      APInt Delta(DL.getIndexTypeSizeInBits(SI->getPointerOperandType()), 0);
      const Value *Field =
          SI->getPointerOperand()->stripAndAccumulateConstantOffsets(
              DL, Delta, /*AllowNonInbounds=*/true);
      std::optional<ElementRef> At = elementRef(Field, DL);
      std::optional<ElementRef> R = elementRef(SI->getValueOperand(), DL);
      if (!At || At->Base != E.Base || At->Slot != E.Slot ||
          Delta.getSExtValue() != Off || !R || R->Slot != E.Slot ||
          R->Base == E.Base || (Linked && Linked->Base != R->Base) ||
          !sameCount(*At->Index, *SI, *E.Slot) ||
          !sameCount(*R->Index, *SI, *E.Slot))
        return std::nullopt;
      Linked = R;
    }
  return Linked;
}

} // namespace

const StoreInst *countsPerCreation(const CreationSite &C,
                                   const AllocaInst &Slot,
                                   const ThreadModel &TM,
                                   const FunctionTemplates &FuncTemplates,
                                   const CallSiteMap &CallSites,
                                   DenseSet<const Instruction *> *SameRun) {
  // The creator runs once, so its counter never restarts behind a
  // running thread's back...
  const Function *F = C.InFunction;
  auto Ts = FuncTemplates.find(F);
  if (Ts == FuncTemplates.end() || Ts->second.size() != 1 ||
      TM.Templates[Ts->second[0]].Entry != F ||
      TM.Templates[Ts->second[0]].Mult != Multiplicity::Once ||
      !CallSites.lookup(F).empty())
    return nullptr;
  // ...the counter only grows, is never reset after the creation, and
  // grows between two runs of the creation.
  std::vector<const StoreInst *> Resets;
  const StoreInst *Inc = onlyIncrement(Slot, Resets);
  if (!Inc)
    return nullptr;
  DenseSet<const Instruction *> After = reachableAfter({C.Call}, nullptr);
  if (any_of(Resets, [&](const StoreInst *R) { return After.count(R); }))
    return nullptr;
  DenseSet<const Instruction *> Same = reachableAfter({C.Call}, Inc);
  if (Same.count(C.Call))
    return nullptr;
  if (SameRun)
    *SameRun = std::move(Same);
  return Inc;
}

void findElementOwnership(const Module &M, ThreadModel &TM,
                          const PointsToAnalysis &PTA,
                          const FunctionTemplates &FuncTemplates,
                          const CallSiteMap &CallSites, GraphContext &Ctx) {
  const DataLayout &DL = M.getDataLayout();
  for (const CreationSite &C : TM.Creations) {
    const Value *Passed = startRoutineArgument(C, PTA);
    if (!Passed || C.Targets.size() != 1)
      continue;
    const Value *Arg = throughSlot(Passed);
    std::optional<ElementRef> E = elementRef(Arg, DL);
    if (!E)
      continue;
    const Function *F = C.InFunction;
    DenseSet<const Instruction *> SameElement;
    const StoreInst *Inc = countsPerCreation(C, *E->Slot, TM, FuncTemplates,
                                             CallSites, &SameElement);
    if (!Inc)
      continue;
    // The worker: created here only, touching the array only through its
    // parameter and within the element.
    TemplateId W = C.Targets[0];
    const Function *Entry = TM.Templates[W].Entry;
    if (!Entry || Entry->arg_size() < 1 || Entry == F ||
        any_of(TM.Creations, [&](const CreationSite &D) {
          return D.Call != C.Call && is_contained(D.Targets, W);
        }))
      continue;
    PtrLoadList PtrLoads;
    std::optional<DenseSet<const Value *>> Own =
        withinElement(*Entry->getArg(0), E->ElemSize, DL, nullptr,
                      /*ThroughSlots=*/true, &PtrLoads);
    ObjectId Obj = PTA.objectFor(E->Array);
    if (!Own || Obj == InvalidObject)
      continue;
    // Nothing of W's but Allowed (in its entry) may point into Object.
    auto OnlyThrough = [&](ObjectId Object,
                           const DenseSet<const Value *> &Allowed) {
      for (const auto &[G, GTs] : FuncTemplates)
        if (is_contained(GTs, W) &&
            touchesOtherwise(*G, Object,
                             G == Entry ? Allowed : DenseSet<const Value *>(),
                             PTA))
          return false;
      return true;
    };
    if (!OnlyThrough(Obj, *Own))
      continue;
    if (!is_contained(TM.Objects[Obj].OwnedPerInstance, W))
      TM.Objects[Obj].OwnedPerInstance.push_back(W);
    // element-linked: a pointer field of the element that holds &R[i],
    // dereferenced by the worker within one element of R, hands R's
    // elements out one per thread too.
    SmallVector<int64_t, 4> Offsets;
    for (const auto &[Load, Off] : PtrLoads)
      Offsets.push_back(Off);
    llvm::sort(Offsets);
    Offsets.erase(std::unique(Offsets.begin(), Offsets.end()), Offsets.end());
    for (int64_t Off : Offsets) {
      std::optional<ElementRef> R = linkedArray(M, *E, Obj, Off, C, PTA);
      ObjectId RObj = R ? PTA.objectFor(R->Array) : InvalidObject;
      if (RObj == InvalidObject || RObj == Obj)
        continue;
      DenseSet<const Value *> Through;
      bool Within = true;
      for (const auto &[Other, OtherOff] : PtrLoads) {
        if (OtherOff != Off)
          continue;
        std::optional<DenseSet<const Value *>> D =
            withinElement(*Other, R->ElemSize, DL);
        if (!D)
          Within = false;
        else
          Through.insert(D->begin(), D->end());
      }
      if (Within && OnlyThrough(RObj, Through) &&
          !is_contained(TM.Objects[RObj].OwnedPerInstance, W))
        TM.Objects[RObj].OwnedPerInstance.push_back(W);
    }
    // The creator's accesses through &Base[load Slot] that the creation
    // does not reach without the increment touch the element about to be
    // handed, which no running thread has.
    for (const Instruction &I : instructions(*F)) {
      std::optional<ElementRef> R = elementRef(&I, DL);
      if (!R || R->Base != E->Base || R->Slot != E->Slot)
        continue;
      // SSA only: a local slot could carry the pointer into the next
      // iteration, to an element already handed over. But the argument
      // kept in a local (`t = &args[i]; t->id = i; create(.., t)`, the
      // local stored only there) is this iteration's element where the
      // local is loaded after that store in its block (arg-local): those
      // loads, but the one the creation takes, are roots too.
      SmallVector<const Value *, 4> Roots;
      if (&I != Arg) {
        Roots.push_back(&I);
      } else if (const Value *Handed = Passed->stripPointerCasts();
                 Handed != Arg) {
        const StoreInst *Home = nullptr;
        for (const User *U : I.users())
          if (auto *SI = dyn_cast<StoreInst>(U);
              SI && SI->getValueOperand() == &I)
            Home = SI;
        auto *Local =
            Home ? dyn_cast<AllocaInst>(Home->getPointerOperand()) : nullptr;
        if (Local && singleStoredValue(Local) == &I)
          for (const User *U : Local->users())
            if (auto *L = dyn_cast<LoadInst>(U);
                L && L != Handed && L->getParent() == Home->getParent() &&
                Home->comesBefore(L))
              Roots.push_back(L);
      }
      AccessList Init;
      bool Within = !Roots.empty();
      for (const Value *Root : Roots)
        Within = Within && withinElement(*Root, R->ElemSize, DL, &Init,
                                         /*ThroughSlots=*/false);
      if (!Within)
        continue;
      // The counter's value at the load is the element about to be handed
      // if no creation ran since the last increment (the load is not in
      // SameElement) and none runs, nor the increment, between the load
      // and the access (same block, nothing of the two in between).
      if (SameElement.count(R->Index))
        continue;
      for (const auto &A : Init) {
        if (A.first->getParent() != R->Index->getParent())
          continue;
        bool Clear = false;
        for (const Instruction *J = R->Index->getNextNode(); J;
             J = J->getNextNode()) {
          if (J == C.Call || J == Inc)
            break;
          if (J == A.first) {
            Clear = true;
            break;
          }
        }
        if (Clear)
          Ctx.FreshInit.insert(A);
      }
    }
  }
}

} // namespace racesift
