//===- InstanceIndices.cpp - Thread arguments that are array indices ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The other textbook way to split an array between threads:
//
//   for (long i = 0; i < N; i++)              for (int i = 0; i < N; i++) {
//     pthread_create(&t[i], 0, w, (void *)i);    ids[i] = i;
//   void *w(void *a) { data[(long)a] = 1; }      pthread_create(&t[i], 0, w,
//                                                               &ids[i]);
//                                              }
//                                              void *w(void *a) {
//                                                data[*(int *)a] = 1; }
//
// `data` is one abstract object, so the workers would race on it. Each
// worker's index is the creator's loop counter at its creation, a value the
// model checker tracks: the creation copies it into a variable of the new
// instance (CreationSite::ArgVar -> ParamVar), and an access whose address
// is `data + Scale * index + C` carries that variable (Access::IndexVar).
// Two instances whose known values give disjoint bytes do not race there.
// An access over a loop's range of indices is left to IndexRanges.cpp.
// See "per-instance-index" in docs/design-threadmodel.md.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

bool onlyCreated(const ThreadTemplate &T, const PointsToAnalysis &PTA);

/// Counter values the model checker knows are constants the program
/// stores or sums within mc::CounterCap (1024): they fit 32 bits, and a
/// cast that keeps 32 bits or more keeps them. A zero extension keeps
/// them only if the counter is never negative.
bool keepsValue(const CastInst &C, bool NonNegative) {
  auto Bits = [&](Type *T) {
    return T->isPointerTy() ? 64u : T->getScalarSizeInBits();
  };
  unsigned From = Bits(C.getSrcTy()), To = Bits(C.getDestTy());
  switch (C.getOpcode()) {
  case Instruction::SExt:
  case Instruction::BitCast:
    return true;
  case Instruction::ZExt:
    return NonNegative;
  case Instruction::Trunc:
  case Instruction::PtrToInt:
    return To >= 32;
  case Instruction::IntToPtr:
    // inttoptr of a narrower integer zero-extends it.
    return From >= To || NonNegative;
  default:
    return false;
  }
}

/// V without value-keeping casts and, if ThroughSlots, without loads of
/// local slots stored exactly once (-O0 homes of a parameter or a local).
const Value *stripIndex(const Value *V, bool NonNegative, bool ThroughSlots) {
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    if (auto *C = dyn_cast<CastInst>(V)) {
      if (!keepsValue(*C, NonNegative))
        return nullptr;
      V = C->getOperand(0);
      continue;
    }
    auto *LI = dyn_cast<LoadInst>(V);
    auto *Slot = LI && ThroughSlots
                     ? dyn_cast<AllocaInst>(LI->getPointerOperand())
                     : nullptr;
    const Value *S = Slot ? singleStoredValue(Slot) : nullptr;
    if (!S || S->getType() != LI->getType() || LI->isVolatile())
      return V;
    V = S;
  }
  return nullptr;
}

namespace {
/// What a worker's index is made of: its parameter's value (`(long)a`),
/// or the integer of type Ty its parameter points to, at a constant
/// offset (`*(int *)a`, `a->id`).
using IndexKind = IndexRead;

std::optional<IndexKind> workerIndex(const Value *Idx, const Argument &P,
                                     const DataLayout &DL) {
  const Value *R = stripIndex(Idx, /*NonNegative=*/false, true);
  if (R == &P)
    return IndexKind{false, nullptr, 0};
  auto *LI = dyn_cast_or_null<LoadInst>(R);
  if (!LI || LI->isVolatile() || !LI->getType()->isIntegerTy() ||
      LI->getType()->getIntegerBitWidth() < 32)
    return std::nullopt;
  APInt Off(64, 0);
  const Value *Ptr = LI->getPointerOperand()->stripAndAccumulateConstantOffsets(
      DL, Off, /*AllowNonInbounds=*/true);
  if (stripIndex(Ptr, false, true) != &P)
    return std::nullopt;
  return IndexKind{true, LI->getType(), Off.getSExtValue()};
}

/// The integers E reads through its parameter as an index would be
/// (`*(int *)a`, `a->id`, `a->n`), in order, at most a few.
std::vector<IndexKind> derefReads(const Function &E, const Argument &P,
                                  const DataLayout &DL) {
  std::vector<IndexKind> Out;
  for (const Instruction &I : instructions(E))
    if (auto *LI = dyn_cast<LoadInst>(&I))
      if (std::optional<IndexKind> K = workerIndex(LI, P, DL);
          K && K->Deref && !is_contained(Out, *K) && Out.size() < 8)
        Out.push_back(*K);
  return Out;
}

} // namespace

std::optional<Affine> affineAddress(const Value *Ptr, const DataLayout &DL) {
  Affine A;
  const Value *Cur = Ptr->stripPointerCasts();
  while (auto *GEP = dyn_cast<GEPOperator>(Cur)) {
    MapVector<Value *, APInt> Vars;
    APInt Off(64, 0);
    if (!GEP->collectOffset(DL, 64, Vars, Off))
      return std::nullopt;
    A.Const += Off.getSExtValue();
    for (auto &[V, S] : Vars) {
      if (A.Var)
        return std::nullopt;
      A.Var = V;
      A.Scale = S.getSExtValue();
    }
    Cur = GEP->getPointerOperand()->stripPointerCasts();
  }
  if (!A.Var || !(isa<GlobalVariable>(Cur) || isa<AllocaInst>(Cur)))
    return std::nullopt;
  // `a[i + C]`: sext(x +nsw C) is sext(x) + C.
  const Value *V = A.Var;
  if (auto *SE = dyn_cast<SExtInst>(V))
    V = SE->getOperand(0);
  auto *Add = dyn_cast<BinaryOperator>(V);
  auto *C = Add ? dyn_cast<ConstantInt>(Add->getOperand(1)) : nullptr;
  if (C && Add->getOpcode() == Instruction::Add && Add->hasNoSignedWrap() &&
      C->getBitWidth() <= 64) {
    A.Const += A.Scale * C->getSExtValue();
    A.Var = Add->getOperand(0);
  }
  A.Base = Cur;
  return A;
}

/// Whether Slot, a tracked counter, holds values the casts keep: an
/// integer of 32 bits or more whose constant stores fit 32 bits.
bool counterFits(const AllocaInst &Slot) {
  Type *T = Slot.getAllocatedType();
  if (!T->isIntegerTy() || T->getIntegerBitWidth() < 32)
    return false;
  for (const User *U : Slot.users())
    if (auto *SI = dyn_cast<StoreInst>(U)) {
      bool Relative;
      int64_t C;
      if (!counterStore(*SI, &Slot, Relative, C) ||
          (!Relative && (C < INT32_MIN || C > INT32_MAX)))
        return false;
    }
  return true;
}

/// No store to Slot between From and To (same block, From first).
bool counterSteady(const Instruction *From, const Instruction *To,
                   const Value *Slot) {
  if (From->getParent() != To->getParent() || !From->comesBefore(To))
    return false;
  for (const Instruction *I = From; I != To; I = I->getNextNode())
    if (auto *SI = dyn_cast<StoreInst>(I);
        SI && SI->getPointerOperand() == Slot)
      return false;
  return true;
}

std::pair<DataVarId, const LoadInst *> counterValue(const Value *V,
                                                    const GraphContext &Ctx) {
  // Casts only, no slot: the load must be this iteration's value.
  bool SawZExt = false;
  while (auto *Cast = dyn_cast<CastInst>(V)) {
    SawZExt |= Cast->getOpcode() == Instruction::ZExt ||
               (Cast->getOpcode() == Instruction::IntToPtr &&
                Cast->getSrcTy()->getScalarSizeInBits() < 64);
    if (!keepsValue(*Cast, /*NonNegative=*/true))
      return {NoDataVar, nullptr};
    V = Cast->getOperand(0);
  }
  auto *LI = dyn_cast<LoadInst>(V);
  auto *Slot = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
  auto It = Slot ? Ctx.FlagVars.find(Slot) : Ctx.FlagVars.end();
  if (It == Ctx.FlagVars.end() || !counterFits(*Slot) ||
      (SawZExt && !Ctx.NonNegative.count(It->second)))
    return {NoDataVar, nullptr};
  return {It->second, LI};
}

void setIndexVar(Access &A, DataVarId Var, const IndexBytes &B) {
  A.IndexVar = Var;
  A.IndexScale = B.Scale;
  A.IndexLo = B.Lo;
  A.IndexHi = B.Hi;
}

namespace {
class IndexFinder {
public:
  IndexFinder(const Module &M, ThreadModel &TM, const PointsToAnalysis &PTA,
              const FunctionTemplates &FuncTemplates,
              const CallSiteMap &CallSites, const GraphContext &Ctx)
      : DL(M.getDataLayout()), TM(TM), PTA(PTA), FuncTemplates(FuncTemplates),
        CallSites(CallSites), Ctx(Ctx) {}

  void run() {
    for (const ThreadTemplate &T : TM.Templates)
      template_(T);
  }

private:
  const DataLayout &DL;
  ThreadModel &TM;
  const PointsToAnalysis &PTA;
  const FunctionTemplates &FuncTemplates;
  const CallSiteMap &CallSites;
  const GraphContext &Ctx;

  /// A tracked counter a creation passes, and its slot.
  struct Passed {
    DataVarId Var = NoDataVar;
    const AllocaInst *Slot = nullptr;
  };

  /// The tracked counter whose value C passes as a plain integer.
  Passed valuePassed(const CreationSite &C, const Value *Arg) {
    auto [Var, LI] = counterValue(Arg, Ctx);
    if (Var == NoDataVar || LI->getFunction() != C.InFunction ||
        !counterSteady(LI, C.Call, LI->getPointerOperand()))
      return {};
    return {Var, cast<AllocaInst>(LI->getPointerOperand())};
  }

  /// The tracked counter i whose element `&A[i]` C passes, where the
  /// integer of K.Ty at K.Offset in A[i] is i in every element ever written
  /// (`A[i] = i`, `A[i].id = i`), A is owned per instance of W
  /// (element-owned), and the worker reads its index there.
  Passed elementPassed(const CreationSite &C, const Value *Arg, TemplateId W,
                       const IndexKind &K) {
    std::optional<ElementRef> E = elementRef(Arg, DL);
    const int64_t Lo = K.Offset, Hi = Lo + int64_t(DL.getTypeStoreSize(K.Ty));
    if (!E || Lo < 0 || uint64_t(Hi) > E->ElemSize)
      return {};
    auto It = Ctx.FlagVars.find(E->Slot);
    ObjectId Obj = PTA.objectFor(E->Array);
    if (It == Ctx.FlagVars.end() || Obj == InvalidObject ||
        !TM.Objects[Obj].ownedPerInstance(W) || !counterFits(*E->Slot))
      return {};
    bool NonNeg = Ctx.NonNegative.count(It->second);
    auto IsCounter = [&](const Value *V) {
      auto *LI = dyn_cast_or_null<LoadInst>(stripIndex(V, NonNeg, false));
      return LI && LI->getPointerOperand() == E->Slot ? LI : nullptr;
    };
    // The argument's own index keeps the value too.
    auto *ArgGEP = cast<GetElementPtrInst>(Arg->stripPointerCasts());
    if (!IsCounter(ArgGEP->getOperand(ArgGEP->getNumOperands() - 1)))
      return {};
    // `A[i] = i` (`A[i].id = i`) just before the creation, in its block;
    // stores to A[i]'s other fields do not matter.
    const StoreInst *Init = nullptr;
    for (const Instruction *I = &C.Call->getParent()->front(); I != C.Call;
         I = I->getNextNode()) {
      auto *SI = dyn_cast<StoreInst>(I);
      if (!SI)
        continue;
      APInt Off(64, 0);
      const Value *Elem =
          SI->getPointerOperand()->stripAndAccumulateConstantOffsets(
              DL, Off, /*AllowNonInbounds=*/true);
      std::optional<ElementRef> R = elementRef(Elem, DL);
      if (!R || R->Base != E->Base || R->Slot != E->Slot ||
          !overlaps(Off.getSExtValue(), storeSize(*SI), Lo, Hi))
        continue;
      auto *GEP = cast<GetElementPtrInst>(Elem->stripPointerCasts());
      const LoadInst *Val = IsCounter(SI->getValueOperand());
      const LoadInst *Ix =
          IsCounter(GEP->getOperand(GEP->getNumOperands() - 1));
      if (!Val || !Ix || SI->getValueOperand()->getType() != K.Ty ||
          Off.getSExtValue() != Lo || SI->isVolatile())
        return {};
      const Instruction *First = Val;
      for (const Instruction *L : {static_cast<const Instruction *>(Ix),
                                   static_cast<const Instruction *>(E->Index)})
        if (L->getParent() == First->getParent() && L->comesBefore(First))
          First = L;
      if (Init || !counterSteady(First, C.Call, E->Slot) ||
          !counterSteady(Ix, C.Call, E->Slot) ||
          !counterSteady(E->Index, C.Call, E->Slot))
        return {};
      Init = SI;
    }
    if (!Init || writtenOtherwise(Obj, Lo, Hi, Init, C.Call))
      return {};
    return {It->second, E->Slot};
  }

  int64_t storeSize(const StoreInst &SI) const {
    return DL.getTypeStoreSize(SI.getValueOperand()->getType());
  }
  static bool overlaps(int64_t Off, int64_t Size, int64_t Lo, int64_t Hi) {
    return Off < Hi && Off + Size > Lo;
  }

  /// Whether anything but Init may write bytes [Lo, Hi) of Obj's element:
  /// a store there (or at an unknown offset), an atomic, or a call that is
  /// given a pointer into Obj (other than the creation and free).
  bool writtenOtherwise(ObjectId Obj, int64_t Lo, int64_t Hi,
                        const StoreInst *Init, const CallBase *Creation) {
    auto Into = [&](const Value *P) {
      return P->getType()->isPointerTy() &&
             any_of(PTA.pointsTo(P),
                    [&](const MemLoc &L) { return L.Obj == Obj; });
    };
    for (const auto &FT : FuncTemplates)
      for (const Instruction &I : instructions(*FT.first)) {
        if (auto *SI = dyn_cast<StoreInst>(&I)) {
          if (SI != Init &&
              any_of(PTA.pointsTo(SI->getPointerOperand()),
                     [&](const MemLoc &L) {
                       return L.Obj == Obj &&
                              (L.Offset == AnyOffset ||
                               overlaps(L.Offset, storeSize(*SI), Lo, Hi));
                     }))
            return true;
        } else if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
          if (Into(I.getOperand(0)))
            return true;
        } else if (auto *CB = dyn_cast<CallBase>(&I)) {
          // free ends the elements: a worker's read after it is a race
          // with it, reported as one, not an index that changed.
          const Function *Callee = CB->getCalledFunction();
          if (CB == Creation || isa<DbgInfoIntrinsic>(CB) ||
              CB->isLifetimeStartOrEnd() ||
              (Callee && Callee->isDeclaration() &&
               Callee->getName() == "free"))
            continue;
          for (const Use &A : CB->args())
            if (Into(A.get()))
              return true;
        }
      }
    return false;
  }

  void template_(const ThreadTemplate &T) {
    const Function *E = T.Entry;
    if (!onlyCreated(T, PTA))
      return;
    std::vector<const CreationSite *> Creators;
    for (const CreationSite &C : TM.Creations)
      if (is_contained(C.Targets, T.Id))
        Creators.push_back(&C);
    const Argument &P = *E->getArg(0);
    // The accesses of the entry at `Base + C + Scale * index`.
    struct Indexed {
      Access *A;
      IndexBytes Bytes;
      IndexKind K;
    };
    auto OnOneObject = [&](const Access &A, const Value *Base) {
      ObjectId Obj = PTA.objectFor(Base);
      return Obj != InvalidObject &&
             none_of(A.Locs, [&](const MemLoc &L) { return L.Obj != Obj; });
    };
    std::vector<Indexed> Found;
    std::vector<Access *> Rest;
    for (Access &A : TM.Accesses) {
      if (!A.Inst || A.Inst->getFunction() != E || A.Locs.empty() ||
          A.Unresolved)
        continue;
      const Value *Ptr = getLoadStorePointerOperand(A.Inst);
      if (!Ptr)
        continue;
      std::optional<Affine> Addr = affineAddress(Ptr, DL);
      std::optional<IndexKind> K =
          Addr ? workerIndex(Addr->Var, P, DL) : std::nullopt;
      if (!K || !OnOneObject(A, Addr->Base)) {
        Rest.push_back(&A);
        continue;
      }
      int64_t Size = DL.getTypeStoreSize(
          getLoadStoreType(const_cast<Instruction *>(A.Inst)));
      Found.push_back(
          {&A, {Addr->Base, Addr->Scale, Addr->Const, Addr->Const + Size}, *K});
    }
    // The others over a range of indices (IndexRanges.cpp), read as the
    // first found is, else as the parameter's value or an integer it
    // points to.
    std::vector<IndexKind> Kinds;
    if (!Found.empty()) {
      Kinds.push_back(Found.front().K);
    } else {
      Kinds = {IndexKind{false, nullptr, 0}};
      llvm::append_range(Kinds, derefReads(*E, P, DL));
    }
    std::vector<const Instruction *> RestInsts;
    for (Access *A : Rest)
      RestInsts.push_back(A->Inst);
    for (const IndexKind &RK : Kinds) {
      if (Rest.empty())
        continue;
      std::vector<std::optional<IndexBytes>> Bytes = indexRanges(RestInsts, RK);
      for (size_t I = 0; I < Rest.size(); ++I)
        if (Bytes[I] && OnOneObject(*Rest[I], Bytes[I]->Base))
          Found.push_back({Rest[I], *Bytes[I], RK});
      if (!Found.empty())
        break;
    }
    // A variable made for the routine's guards (thread-arg-guard) is the
    // index variable when the indices are the argument's value too.
    DataVarId Guarded = threadArgVarOf(&P, Ctx);
    if (Found.empty() && Guarded == NoDataVar)
      return;
    // One variable per template: the kind of the first indexed access.
    IndexKind K =
        Found.empty() ? IndexKind{false, nullptr, 0} : Found.front().K;
    DataVarId Var = K.Deref ? NoDataVar : Guarded;
    // distinct-indices: one creation site, linked, whose counter never
    // repeats.
    bool Distinct = Creators.size() == 1;
    unsigned Linked = 0;
    for (const CreationSite *C : Creators) {
      if (C->Targets.size() != 1)
        continue;
      const Value *Arg = startRoutineArgument(*C, PTA);
      if (!Arg)
        continue;
      auto [Src, Slot] =
          K.Deref ? elementPassed(*C, Arg, T.Id, K) : valuePassed(*C, Arg);
      if (Src == NoDataVar)
        continue;
      ++Linked;
      Distinct = Distinct &&
                 countsPerCreation(*C, *Slot, TM, FuncTemplates, CallSites);
      if (Var == NoDataVar) {
        DataVar D;
        D.Id = Var = TM.DataVars.size();
        D.Value = &P;
        D.IsThreadIndex = true;
        D.Name = (!K.Deref   ? "arg@"
                  : K.Offset ? "*(arg+" + std::to_string(K.Offset) + ")@"
                             : "*arg@") +
                 T.Name;
        TM.DataVars.push_back(std::move(D));
      }
      CreationSite &CS = TM.Creations[C - TM.Creations.data()];
      CS.ArgVar = Src;
      CS.ParamVar = Var;
    }
    if (Var == NoDataVar)
      return;
    TM.DataVars[Var].DistinctPerInstance = Distinct && Linked == 1;
    for (Indexed &X : Found) {
      if (X.K == K)
        setIndexVar(*X.A, Var, X.Bytes);
    }
  }
};

} // namespace

bool onlyCreated(const ThreadTemplate &T, const PointsToAnalysis &PTA) {
  const Function *E = T.Entry;
  if (!E || E->arg_size() < 1 || E->isDeclaration())
    return false;
  // Every use of the entry is the routine of a direct creation: nothing
  // else runs it, with another argument, in some thread.
  for (const Use &U : E->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    const CreateApi *Api = nullptr;
    if (CB)
      for (const Function *F : PTA.callees(*CB))
        if (!Api)
          Api = lookupCreateApi(F->getName());
    if (!Api || Api->Library || !CB->isArgOperand(&U) ||
        int(CB->getArgOperandNo(&U)) != Api->RoutineArg)
      return false;
  }
  return true;
}

DataVarId threadArgVarOf(const Value *V, const GraphContext &Ctx) {
  auto *A = dyn_cast_or_null<Argument>(
      stripIndex(V, /*NonNegative=*/false, /*ThroughSlots=*/true));
  auto It = A ? Ctx.ThreadArgVars.find(A) : Ctx.ThreadArgVars.end();
  return It == Ctx.ThreadArgVars.end() ? NoDataVar : It->second;
}

void findThreadArgGuards(ThreadModel &TM, const PointsToAnalysis &PTA,
                         GraphContext &Ctx) {
  for (const ThreadTemplate &T : TM.Templates) {
    if (T.Id == 0 || !onlyCreated(T, PTA))
      continue;
    const Argument &P = *T.Entry->getArg(0);
    bool Compared = false;
    for (const Instruction &I : instructions(*T.Entry))
      if (auto *Cmp = dyn_cast<ICmpInst>(&I))
        for (unsigned Side = 0; Side < 2 && !Compared; ++Side)
          Compared = isa<ConstantInt>(Cmp->getOperand(1 - Side)) &&
                     stripIndex(Cmp->getOperand(Side), false, true) == &P;
    if (!Compared)
      continue;
    DataVar D;
    D.Id = TM.DataVars.size();
    D.Value = &P;
    D.IsThreadIndex = true;
    D.Name = "arg@" + T.Name;
    Ctx.ThreadArgVars[&P] = D.Id;
    TM.DataVars.push_back(std::move(D));
  }
}

void findInstanceIndices(const Module &M, ThreadModel &TM,
                         const PointsToAnalysis &PTA,
                         const FunctionTemplates &FuncTemplates,
                         const CallSiteMap &CallSites,
                         const GraphContext &Ctx) {
  IndexFinder(M, TM, PTA, FuncTemplates, CallSites, Ctx).run();
}

} // namespace racesift
