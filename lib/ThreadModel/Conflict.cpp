//===- Conflict.cpp - When two accesses conflict ------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The conflict relation both layers pair accesses by. Points-to sets merge
// objects of different types (one allocation site for several structs, a
// helper's pointer parameter for every counter it is given); C's
// effective-type rule lets the types of the accesses separate them again.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {

/// The type an instruction loads or stores; nullptr for calls.
static Type *accessedType(const Instruction *I) {
  if (auto *LI = dyn_cast_or_null<LoadInst>(I))
    return LI->getType();
  if (auto *SI = dyn_cast_or_null<StoreInst>(I))
    return SI->getValueOperand()->getType();
  if (auto *RMW = dyn_cast_or_null<AtomicRMWInst>(I))
    return RMW->getValOperand()->getType();
  if (auto *CX = dyn_cast_or_null<AtomicCmpXchgInst>(I))
    return CX->getCompareOperand()->getType();
  return nullptr;
}

/// The scalar type an instruction reads or writes; nullptr for calls
/// (memcpy, libc), aggregates and vectors, which may touch any type.
static Type *scalarAccessType(const Instruction *I) {
  Type *T = accessedType(I);
  if (!T || !(T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy()))
    return nullptr;
  // A character type may alias any object.
  if (T->isIntegerTy(8))
    return nullptr;
  return T;
}

bool accessesConflict(const Access &A, const Access &B, bool InUnion) {
  if (!A.IsWrite && !B.IsWrite)
    return false;
  if (A.IsAtomic && B.IsAtomic)
    return false;
  if (A.OwnThreadInstance && B.OwnThreadInstance)
    return false;
  if (A.ClaimKey && A.ClaimKey == B.ClaimKey)
    return false;
  if (InUnion)
    return true;
  Type *TA = scalarAccessType(A.Inst), *TB = scalarAccessType(B.Inst);
  return !TA || !TB || TA == TB;
}

std::pair<unsigned, const llvm::Type *> accessTypeKey(const Access &A) {
  if (!A.Inst)
    return {0, nullptr};
  return {A.Inst->getOpcode(), accessedType(A.Inst)};
}

bool isPrivateSlot(const AllocaInst &AI) {
  return all_of(AI.users(), [&](const User *U) {
    if (isa<LoadInst>(U))
      return true;
    auto *SI = dyn_cast<StoreInst>(U);
    return SI && SI->getPointerOperand() == &AI && SI->getValueOperand() != &AI;
  });
}

int parameterIndex(const llvm::Value *V, const llvm::Function *F) {
  auto *Arg = dyn_cast_or_null<Argument>(V);
  return Arg && F && Arg->getParent() == F ? int(Arg->getArgNo()) : -1;
}

unsigned parameterCount(const llvm::Function *F) {
  return F ? F->arg_size() : 0;
}

const llvm::Value *parameter(const llvm::Function *F, unsigned K) {
  return K < parameterCount(F) ? F->getArg(K) : nullptr;
}

DataUse dataUseOf(const Action &A) {
  DataUse U;
  auto Add = [](SmallVectorImpl<DataVarId> &To, DataVarId V) {
    if (V != NoDataVar && !is_contained(To, V))
      To.push_back(V);
  };
  switch (A.Kind) {
  case ActionKind::Assume:
    Add(U.Tested, A.Var);
    Add(U.Tested, A.RhsVar);
    break;
  case ActionKind::Lock:
    Add(U.Tested, A.Var); // A guarded atomic section.
    break;
  case ActionKind::TryLock:
  case ActionKind::SemTryWait:
    Add(U.Tested, A.Var);
    Add(U.Written, A.Var);
    break;
  case ActionKind::BarrierWait:
    Add(U.Written, A.Var); // Which waiter is the serial one.
    break;
  case ActionKind::Create:
    Add(U.Written, A.Var); // The handle's thread id.
    break;
  case ActionKind::Assign:
    Add(U.Written, A.Var);
    if (!A.HasConst) {
      Add(U.Read, A.SrcVar);
      if (A.Compare)
        Add(U.Read, A.RhsVar);
    }
    break;
  case ActionKind::AtomicUpdate:
    if (A.Op != AtomicOp::Load)
      Add(U.Written, A.Var);
    Add(U.Written, A.ResultVar);
    Add(U.Written, A.OkVar);
    Add(U.Read, A.Var);
    Add(U.Read, A.SrcVar);
    break;
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Join:
  case ActionKind::NotJoinable:
  case ActionKind::Detach:
  case ActionKind::Cancel:
  case ActionKind::HandleCopy:
  case ActionKind::Exit:
  case ActionKind::Unlock:
  case ActionKind::Wait:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::Once:
  case ActionKind::SemWait:
  case ActionKind::SemPost:
  case ActionKind::Call:
    break;
  }
  return U;
}

} // namespace racesift
