//===- ThreadIds.cpp - pthread_t variables tracked as data -------*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// thread-ids (docs/design-threadmodel.md): memory that holds pthread_t
// values (`owner = pthread_self()`, `owner = t[0]`, the handles a create
// writes) becomes tracked data when every write to it is understood, so
// that `pthread_equal(pthread_self(), owner)` is a guard on two variables.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <set>

using namespace llvm;

namespace racesift {

bool isThreadIdSource(const Value *V) {
  auto *CB = dyn_cast<CallBase>(V);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->isDeclaration() && CB->arg_size() == 0 &&
         (F->getName() == "pthread_self" || F->getName() == "thrd_current");
}

std::optional<IdSlot> idSlotOf(const Value *Ptr) {
  int64_t Off = 0;
  const Value *V = Ptr;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    V = V->stripPointerCasts();
    auto *GEP = dyn_cast<GEPOperator>(V);
    if (!GEP)
      break;
    const Module *M = nullptr;
    if (auto *I = dyn_cast<Instruction>(GEP))
      M = I->getModule();
    else if (auto *GV = dyn_cast<GlobalValue>(
                 GEP->getPointerOperand()->stripPointerCasts()))
      M = GV->getParent();
    if (!M)
      return std::nullopt;
    APInt C(M->getDataLayout().getIndexTypeSizeInBits(GEP->getType()), 0);
    if (!GEP->accumulateConstantOffset(M->getDataLayout(), C))
      return std::nullopt;
    Off += C.getSExtValue();
    V = GEP->getPointerOperand();
  }
  if (!isa<GlobalVariable>(V) && !isa<AllocaInst>(V))
    return std::nullopt;
  return IdSlot{V, Off};
}

namespace {

/// The uses of one candidate object, through casts and GEPs.
struct SlotUses {
  bool Ok = true;
  /// Byte offsets written with a thread id (a create's handle, a store of
  /// pthread_self() or of a loaded id).
  std::set<int64_t> IdWrites;
};

/// Whether V is a thread id the graph builder can name: pthread_self(), or
/// a load from a known offset of a candidate object (checked later, when
/// the set of tracked slots is known).
bool maybeIdValue(const Value *V) {
  if (isThreadIdSource(V))
    return true;
  auto *LI = dyn_cast<LoadInst>(V);
  return LI && LI->isSimple() && idSlotOf(LI->getPointerOperand());
}

/// Walks every use of Base: loads (anyhow, of any offset: a read changes
/// nothing), plain stores of integers at constant offsets, the handle
/// operand of a create at a constant offset, lifetime and debug markers.
/// Anything else (the address stored, passed to another function, a
/// memcpy, an atomic, a store at a variable offset) refuses the object.
SlotUses usesOf(const Value *Base, Type *IdTy) {
  SlotUses R;
  SmallVector<const Value *, 8> Work{Base};
  SmallPtrSet<const Value *, 8> Seen{Base};
  while (!Work.empty() && R.Ok) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *Us = U.getUser();
      if (isa<GEPOperator>(Us) || isa<BitCastOperator>(Us) ||
          isa<AddrSpaceCastInst>(Us)) {
        if (isa<GEPOperator>(Us) && U.getOperandNo() != 0) {
          R.Ok = false;
          break;
        }
        if (Seen.insert(Us).second)
          Work.push_back(Us);
        continue;
      }
      if (auto *LI = dyn_cast<LoadInst>(Us)) {
        if (LI->isAtomic())
          R.Ok = false;
        continue;
      }
      if (auto *SI = dyn_cast<StoreInst>(Us)) {
        std::optional<IdSlot> S = idSlotOf(SI->getPointerOperand());
        if (U.getOperandNo() != 1 || SI->isAtomic() || !S || S->Base != Base ||
            SI->getValueOperand()->getType() != IdTy) {
          R.Ok = false;
          break;
        }
        if (maybeIdValue(SI->getValueOperand()))
          R.IdWrites.insert(S->Offset);
        continue;
      }
      if (auto *II = dyn_cast<IntrinsicInst>(Us)) {
        if (!II->isLifetimeStartOrEnd() && !isa<DbgInfoIntrinsic>(II))
          R.Ok = false;
        continue;
      }
      if (auto *CB = dyn_cast<CallBase>(Us)) {
        const Function *F = CB->getCalledFunction();
        const CreateApi *Api = F ? lookupCreateApi(F->getName()) : nullptr;
        std::optional<IdSlot> S = idSlotOf(U.get());
        if (!Api || !CB->isArgOperand(&U) ||
            int(CB->getArgOperandNo(&U)) != Api->HandleArg || !S ||
            S->Base != Base) {
          R.Ok = false;
          break;
        }
        R.IdWrites.insert(S->Offset);
        continue;
      }
      R.Ok = false; // A constant initialiser that takes the address, ...
      break;
    }
  }
  return R;
}

} // namespace

void findThreadIds(const Module &M, ThreadModel &TM,
                   const PointsToAnalysis &PTA,
                   const FunctionTemplates &FuncTemplates, GraphContext &Ctx) {
  bool HasSelf = false;
  for (const Function &F : M)
    if (F.isDeclaration()) {
      StringRef N = F.getName();
      HasSelf = HasSelf || N == "pthread_self" || N == "thrd_current";
      // Threads created detached give their ids back when they end, with
      // no join or detach to say so: ids are not tracked in such a module.
      if (N == "pthread_attr_setdetachstate" && !F.use_empty())
        return;
    }
  if (!HasSelf)
    return;
  // pthread_t is unsigned long on Linux: an integer as wide as a pointer.
  Type *IdTy =
      Type::getIntNTy(M.getContext(), M.getDataLayout().getPointerSizeInBits());
  auto Consider = [&](const Value *Base, StringRef BaseName) {
    ObjectId O = PTA.objectFor(Base);
    if (O == InvalidObject || Ctx.FlagVars.count(Base))
      return;
    SlotUses U = usesOf(Base, IdTy);
    if (!U.Ok)
      return;
    const MemObject &Obj = TM.Objects[O];
    for (int64_t Off : U.IdWrites) {
      DataVar V;
      V.Id = TM.DataVars.size();
      V.IsMemory = true;
      V.IsThreadId = true;
      V.Loc = {O, Off};
      V.Value = Base;
      std::string Member = Obj.Type ? memberPath(Obj.Type, Off, false) : "";
      if (Member == "[]" || (Member.empty() && Off))
        Member = "[+" + std::to_string(Off) + "]";
      V.Name = (BaseName.empty() ? Obj.Name : BaseName.str()) + Member;
      Ctx.IdSlots[{Base, Off}] = V.Id;
      TM.DataVars.push_back(std::move(V));
    }
  };
  for (const GlobalVariable &GV : M.globals())
    if (!GV.isThreadLocal() && GV.hasInitializer() && !GV.isConstant() &&
        !GV.isInterposable())
      Consider(&GV, "");
  for (const Function &F : M)
    if (FuncTemplates.count(&F))
      for (const Instruction &I : instructions(F))
        if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !AI->isArrayAllocation())
          Consider(AI, "");
}

} // namespace racesift
