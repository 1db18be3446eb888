//===- AllocWrappers.cpp - Allocation wrappers for heap cloning -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// C programs allocate through wrappers (xmalloc, rd_malloc, g_new): with one
// heap object per malloc call, every object of the program would be one
// abstract object and every pointer would alias every other. A wrapper's
// call sites get heap objects of their own instead (see "alloc-wrapper" in
// docs/design-threadmodel.md). That is sound only where the wrapper's result
// is exactly a fresh object nobody else can see, so the check is strict.
//
//===----------------------------------------------------------------------===//

#include "AllocWrappers.h"
#include "FunctionGraphBuilder.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {
/// A library function with a row that neither keeps argument J nor writes
/// a pointer into its object (memset, strcpy, snprintf; not memcpy,
/// strtol's endptr, scanf).
bool libcLeavesArgument(StringRef N, unsigned J) {
  const LibcFunction *Row = lookupLibc(N);
  return Row && Row->Escapes != int(J) && Row->Callback < 0 &&
         !(J == 0 && Row->KeepsArg0) && Row->StoresArg0Into != int(J) &&
         Row->StoresFreshInto != int(J) && !Row->CopiesPointers &&
         Row->Format != LibcFormat::Scan && Row->Ret != LibcReturn::Fresh &&
         !Row->Links &&
         !((Row->Ret == LibcReturn::IntoArg || Row->Ret == LibcReturn::Arg ||
            Row->Ret == LibcReturn::StoredIn) &&
           Row->RetArg == int(J));
}

/// Checks one function against the wrappers found so far.
class WrapperCheck {
  const DenseSet<const Function *> &Known;
  const DenseMap<const Function *, std::vector<const CallBase *>> &KnownHooks;
  const DataLayout &DL;
  /// Local slots (allocas) the fresh pointer passes through, and the
  /// allocation calls it comes from.
  SmallPtrSet<const Value *, 8> Slots, Sources, Seen;
  /// Values that are the fresh pointer itself (offset 0).
  SmallPtrSet<const Value *, 16> AtStart;
  /// A constructor's stores of pointers into its object, the objects it
  /// stores there, and pointers read back from it.
  SmallPtrSet<const Value *, 8> FactStores, Inner;
  SmallVector<const Value *, 8> PointerReads;
  bool CopiedOut = false;

public:
  std::vector<FieldFact> Facts;
  /// Indirect calls whose results the function may return (alloc-hook),
  /// its callee wrappers' included.
  std::vector<const CallBase *> Hooks;

  WrapperCheck(
      const DenseSet<const Function *> &Known,
      const DenseMap<const Function *, std::vector<const CallBase *>> &Hooks,
      const DataLayout &DL)
      : Known(Known), KnownHooks(Hooks), DL(DL) {}

  bool isFreshCall(const Value *V) const {
    auto *CB = dyn_cast<CallBase>(V);
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F)
      return false;
    // realloc keeps the old contents, which a clone would lose.
    StringRef N = F->getName();
    if (N == "realloc" || N == "reallocarray")
      return false;
    return Known.count(F) || (F->isDeclaration() && isAllocator(N));
  }

  /// True if every value V may hold is null or derived from a fresh call.
  bool traceReturned(const Value *V) {
    V = V->stripPointerCasts();
    if (!Seen.insert(V).second)
      return true;
    if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V))
      return true;
    if (isFreshCall(V)) {
      // A wrapper that may return its hook's result passes that on.
      if (const Function *F = cast<CallBase>(V)->getCalledFunction())
        if (auto It = KnownHooks.find(F); It != KnownHooks.end())
          llvm::append_range(Hooks, It->second);
      return Sources.insert(V), AtStart.insert(V), true;
    }
    // alloc-hook: a custom allocator's result is returned as it is; it is
    // not the fresh object, so it is neither cloned nor checked private.
    if (auto *CB = dyn_cast<CallBase>(V);
        CB && CB->isIndirectCall() && CB->getType()->isPointerTy()) {
      Hooks.push_back(CB);
      return true;
    }
    if (auto *GEP = dyn_cast<GetElementPtrInst>(V))
      return traceReturned(GEP->getPointerOperand());
    if (auto *Phi = dyn_cast<PHINode>(V))
      return all_of(Phi->incoming_values(),
                    [&](const Value *In) { return traceReturned(In); });
    if (auto *Sel = dyn_cast<SelectInst>(V))
      return traceReturned(Sel->getTrueValue()) &&
             traceReturned(Sel->getFalseValue());
    auto *LI = dyn_cast<LoadInst>(V);
    auto *AI =
        LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()->stripPointerCasts())
           : nullptr;
    if (!AI || !isPrivateSlot(*AI))
      return false;
    Slots.insert(AI);
    return all_of(AI->users(), [&](const User *U) {
      auto *SI = dyn_cast<StoreInst>(U);
      return !SI || traceReturned(SI->getValueOperand());
    });
  }

  /// A pointer stored at a constant offset of the fresh object: a fact, if
  /// the stored value is a new object, a parameter or a global.
  bool addFact(const StoreInst &SI) {
    APInt Off(DL.getIndexTypeSizeInBits(SI.getPointerOperandType()), 0);
    const Value *Base =
        SI.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off,
                                                                  true);
    if (!AtStart.count(Base))
      return false;
    FieldFact FF;
    FF.Offset = Off.getSExtValue();
    const Value *Stored = SI.getValueOperand();
    const Value *S = throughSlot(Stored);
    if (isFreshCall(S)) {
      FF.K = FieldFact::Fresh;
      FF.Inner = cast<CallBase>(S);
      Inner.insert(S);
    } else if (auto *A = dyn_cast<Argument>(S)) {
      FF.K = FieldFact::Param;
      FF.ArgNo = A->getArgNo();
    } else if (isa<GlobalValue>(Stored->stripPointerCasts())) {
      FF.K = FieldFact::Constant;
      FF.C = cast<Constant>(Stored);
    } else {
      return false;
    }
    FactStores.insert(&SI);
    Facts.push_back(FF);
    return true;
  }

  /// True if the fresh pointer V (or a value derived from it) is used only
  /// to read, to write non-pointers, to compare, to free, to initialise a
  /// lock in it, to pass to a library function that keeps nothing of it,
  /// or to return. With Outer (the returned object), pointers stored at
  /// constant offsets become facts; other objects take no pointers.
  bool staysPrivate(const Value *V, SmallPtrSetImpl<const Value *> &Done,
                    bool Outer) {
    if (!Done.insert(V).second)
      return true;
    for (const Use &Us : V->uses()) {
      const User *U = Us.getUser();
      if (auto *LI = dyn_cast<LoadInst>(U)) {
        if (LI->getType()->isPointerTy())
          PointerReads.push_back(LI);
        continue;
      }
      if (isa<ICmpInst>(U) || isa<ReturnInst>(U))
        continue;
      if (isa<GetElementPtrInst>(U) || isa<CastInst>(U) || isa<PHINode>(U) ||
          isa<SelectInst>(U)) {
        if (isa<CastInst>(U) && AtStart.count(V))
          AtStart.insert(U);
        if (!staysPrivate(U, Done, Outer))
          return false;
        continue;
      }
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() != V) {
          // A write into the object: pointers written there must be
          // repeated on the callers' clones.
          const Value *Stored = SI->getValueOperand();
          if (Stored->getType()->isAggregateType())
            return false;
          if (Stored->getType()->isPointerTy() &&
              !isa<ConstantPointerNull>(Stored) && !(Outer && addFact(*SI)))
            return false;
          continue;
        }
        if (FactStores.count(SI))
          continue; // An inner object stored into the outer one.
        // Into a private slot that holds only V: its loads carry it on.
        const auto *Slot =
            dyn_cast<AllocaInst>(SI->getPointerOperand()->stripPointerCasts());
        if (!Slot ||
            (!Slots.count(Slot) && !(isPrivateSlot(*Slot) &&
                                     all_of(Slot->users(), [&](const User *SU) {
                                       auto *S2 = dyn_cast<StoreInst>(SU);
                                       return !S2 || S2->getValueOperand() == V;
                                     }))))
          return false;
        for (const User *SU : Slot->users())
          if (isa<LoadInst>(SU)) {
            if (AtStart.count(V))
              AtStart.insert(SU);
            if (!staysPrivate(SU, Done, Outer))
              return false;
          }
        continue;
      }
      if (auto *II = dyn_cast<IntrinsicInst>(U)) {
        if (II->isAssumeLikeIntrinsic() || isa<DbgInfoIntrinsic>(II))
          continue;
        // memset writes no pointer; copying out of the object is a read.
        if (isa<MemSetInst>(II))
          continue;
        if (isa<MemTransferInst>(II) &&
            cast<MemTransferInst>(II)->getRawSource() == V &&
            cast<MemTransferInst>(II)->getRawDest() != V) {
          CopiedOut = true;
          continue;
        }
        return false;
      }
      if (auto *CB = dyn_cast<CallBase>(U)) {
        const Function *F = CB->getCalledFunction();
        if (!F || !F->isDeclaration() || !CB->isArgOperand(&Us))
          return false;
        StringRef N = F->getName();
        // Initialising a lock in it (pthread_mutex_init(&c->lock, 0)).
        bool SyncInit = isSyncObjectFunction(N) && N.ends_with("_init");
        if (N == "free" || SyncInit ||
            libcLeavesArgument(N, CB->getArgOperandNo(&Us)))
          continue;
        return false;
      }
      return false;
    }
    return true;
  }

  bool isWrapper(const Function &F) {
    if (F.isDeclaration() || !F.getReturnType()->isPointerTy() || F.isVarArg())
      return false;
    bool AnyReturn = false;
    for (const Instruction &I : instructions(F))
      if (auto *RI = dyn_cast<ReturnInst>(&I)) {
        AnyReturn = true;
        if (!traceReturned(RI->getReturnValue()))
          return false;
      }
    if (!AnyReturn || Sources.empty())
      return false;
    SmallPtrSet<const Value *, 16> Done;
    if (!all_of(Sources,
                [&](const Value *S) { return staysPrivate(S, Done, true); }))
      return false;
    if (Inner.empty())
      return true;
    // The objects stored in it are cloned with it: no one else may see
    // them, nor pointers read back out of it.
    if (CopiedOut)
      return false;
    SmallPtrSet<const Value *, 16> InnerDone;
    for (const Value *V : Inner)
      if (Sources.count(V) || !staysPrivate(V, InnerDone, false))
        return false;
    for (size_t I = 0; I < PointerReads.size(); ++I)
      if (!staysPrivate(PointerReads[I], InnerDone, false))
        return false;
    return true;
  }
};
} // namespace

/// The parameter V is, directly or through an -O0 local stored once.
static std::optional<unsigned> paramOf(const Value *V) {
  if (auto *C = dyn_cast<CastInst>(V))
    if (C->isIntegerCast())
      V = C->getOperand(0);
  if (auto *A = dyn_cast<Argument>(throughSlot(V)))
    return A->getArgNo();
  return std::nullopt;
}

/// F's one direct call of a function IsAlloc accepts; null if there is
/// none, or several (which one is returned?).
static const CallBase *
oneAllocation(const Function &F, function_ref<bool(const Function &)> IsAlloc) {
  const CallBase *Alloc = nullptr;
  for (const Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !IsAlloc(*Callee))
      continue;
    if (Alloc)
      return nullptr;
    Alloc = CB;
  }
  return Alloc;
}

std::optional<WrapperSize> wrapperSizeParams(const Function &F) {
  const CallBase *Alloc = oneAllocation(F, [](const Function &Callee) {
    return Callee.isDeclaration() && isAllocator(Callee.getName());
  });
  if (!Alloc)
    return std::nullopt;
  StringRef N = Alloc->getCalledFunction()->getName();
  if (allocatesBytes(N)) {
    if (std::optional<unsigned> P = paramOf(Alloc->getArgOperand(0)))
      return WrapperSize{*P, std::nullopt};
  } else if (N == "calloc") {
    std::optional<unsigned> P = paramOf(Alloc->getArgOperand(0)),
                            Q = paramOf(Alloc->getArgOperand(1));
    if (P && Q)
      return WrapperSize{*P, *Q};
  }
  return std::nullopt;
}

std::optional<std::pair<const Value *, uint64_t>>
constantFactor(const Value *V) {
  auto Const = [](const Value *V) -> std::optional<uint64_t> {
    if (auto *C = dyn_cast<ConstantInt>(V); C && C->getBitWidth() <= 64)
      return C->getZExtValue();
    return std::nullopt;
  };
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    if (auto *C = dyn_cast<CastInst>(V); C && C->isIntegerCast()) {
      V = C->getOperand(0);
      continue;
    }
    auto *BO = dyn_cast<BinaryOperator>(V);
    if (!BO)
      return std::nullopt;
    std::optional<uint64_t> L = Const(BO->getOperand(0)),
                            R = Const(BO->getOperand(1));
    if (BO->getOpcode() == Instruction::Mul && L.has_value() != R.has_value())
      return std::make_pair(BO->getOperand(L ? 1 : 0), L ? *L : *R);
    if (BO->getOpcode() == Instruction::Shl && R && !L && *R < 32)
      return std::make_pair(BO->getOperand(0), uint64_t(1) << *R);
    return std::nullopt;
  }
  return std::nullopt;
}

bool allocatesBytes(StringRef N) {
  return N == "malloc" || N.starts_with("_Znwm") || N.starts_with("_Znam");
}

std::optional<WrapperElements> wrapperElements(
    const Function &F, const AllocationWrappers &W,
    DenseMap<const Function *, std::optional<WrapperElements>> &Memo) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  Memo[&F] = std::nullopt; // A cycle of wrappers counts nothing.
  const CallBase *Alloc = oneAllocation(F, [&](const Function &Callee) {
    return W.Functions.count(&Callee) ||
           (Callee.isDeclaration() && isAllocator(Callee.getName()));
  });
  if (!Alloc)
    return std::nullopt;
  const Function &Callee = *Alloc->getCalledFunction();
  StringRef N = Callee.getName();
  std::optional<WrapperElements> Found;
  if (W.Functions.count(&Callee)) {
    std::optional<WrapperElements> E = wrapperElements(Callee, W, Memo);
    if (E && !E->CountParam) {
      Found = E;
    } else if (E && *E->CountParam < Alloc->arg_size()) {
      const Value *Count = Alloc->getArgOperand(*E->CountParam);
      auto *One = dyn_cast<ConstantInt>(Count);
      if (std::optional<unsigned> P = paramOf(Count))
        Found = WrapperElements{*P, E->ElemSize};
      else if (!One || !One->isOne())
        Found = WrapperElements{std::nullopt, E->ElemSize};
    }
  } else if (allocatesBytes(N)) {
    // n * C with n a parameter: C bytes per element.
    if (auto F = constantFactor(Alloc->getArgOperand(0)); F && F->second > 1)
      if (std::optional<unsigned> P = paramOf(F->first))
        Found = WrapperElements{*P, F->second};
  } else if (N == "calloc") {
    auto *Size = dyn_cast<ConstantInt>(Alloc->getArgOperand(1));
    std::optional<unsigned> P = paramOf(Alloc->getArgOperand(0));
    if (Size && P && Size->getZExtValue() > 1)
      Found = WrapperElements{*P, Size->getZExtValue()};
  }
  return Memo[&F] = Found;
}

AllocationWrappers findAllocationWrappers(const Module &M) {
  AllocationWrappers W;
  // Wrappers of wrappers: iterate until nothing is added (monotone).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Function &F : M) {
      if (W.Functions.count(&F))
        continue;
      WrapperCheck Check(W.Functions, W.Hooks, M.getDataLayout());
      if (!Check.isWrapper(F))
        continue;
      W.Functions.insert(&F);
      if (!Check.Facts.empty())
        W.Fields[&F] = std::move(Check.Facts);
      if (!Check.Hooks.empty())
        W.Hooks[&F] = std::move(Check.Hooks);
      Changed = true;
    }
  }
  return W;
}

} // namespace racesift
