//===- VirtualCalls.cpp - Receivers of virtual calls ------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// virtual-receivers (not a compromise: sound). A virtual call `p->f()` is
// an indirect call through `p`'s vtable: the callee is loaded from a slot
// of the vtable that `p`'s first word (its vptr) points to, and `p` is the
// first argument. Bound as a plain indirect call, every override found
// gets every object `p` may point to as `this`: a helper that runs
// `job->run()` for a Counter and a Logger makes Counter::run write the
// Logger's fields too. Here each location `p` may point to gets a chain of
// its own (its vptr, the slot, the functions there), and only those
// functions take it as `this`. The chain is the plain call's load, GEP and
// load from that location alone, so the union over all locations is the
// plain call's callee set, and what a vptr holds later reaches the chain
// as it reaches the call. Past MaxReceivers locations, or once the
// argument goes past the points-to budget, the call binds its whole
// argument again.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

/// The vtable load of CB if it calls through its first argument's vtable:
/// `fn = load (gep? (load arg0))`, with the slot's GEP in Slot (null: the
/// first slot); null otherwise.
static const LoadInst *vtableLoad(const CallBase &CB,
                                  const GEPOperator *&Slot) {
  Slot = nullptr;
  if (CB.arg_size() == 0)
    return nullptr;
  auto *FnLoad = dyn_cast<LoadInst>(CB.getCalledOperand());
  if (!FnLoad)
    return nullptr;
  const Value *P = FnLoad->getPointerOperand();
  if ((Slot = dyn_cast<GEPOperator>(P)))
    P = Slot->getPointerOperand();
  auto *VTable = dyn_cast<LoadInst>(P);
  if (!VTable || !VTable->getType()->isPointerTy() ||
      VTable->getPointerOperand() != CB.getArgOperand(0))
    return nullptr;
  return VTable;
}

void ConstraintBuilder::addVirtualCall(const CallBase &CB) {
  const GEPOperator *Slot;
  const LoadInst *VTable = vtableLoad(CB, Slot);
  // The chains mirror the loads' constraints: loads from a promoted local
  // slot have none (slot-ssa), and a forwarded argument is bound per call
  // of its function instead.
  if (!VTable || PromotedSlots.contains(VTable->getPointerOperand()) ||
      (Slot && PromotedSlots.contains(Slot)) ||
      ForwardedArgs.contains({&CB, 0}))
    return;
  Receivers[&CB];
  ComplexConstraint X;
  X.K = ComplexConstraint::VirtualReceiver;
  X.CB = &CB;
  S.addComplex(nodeOf(CB.getArgOperand(0)), X);
}

void ConstraintBuilder::receiverFound(const ComplexConstraint &C,
                                      uint32_t Loc) {
  auto It = Receivers.find(C.CB);
  if (It == Receivers.end() || is_contained(It->second, Loc))
    return;
  if (It->second.size() >= MaxReceivers) {
    S.compromise("virtual-receivers-limit: a virtual call with more than " +
                 std::to_string(MaxReceivers) +
                 " receiver locations passes all of them to every override");
    unfilterReceivers(*C.CB);
    return;
  }
  It->second.push_back(Loc);
  const GEPOperator *Slot;
  vtableLoad(*C.CB, Slot);
  uint32_t This = G.newNode();
  S.addPts(This, Loc);
  uint32_t VPtr = G.newNode();
  S.addLoad(This, VPtr);
  uint32_t SlotPtr = VPtr;
  if (Slot) {
    SlotPtr = G.newNode();
    addGepConstraint(*Slot, SlotPtr, VPtr);
  }
  uint32_t Fns = G.newNode();
  S.addLoad(SlotPtr, Fns);
  ComplexConstraint X;
  X.K = ComplexConstraint::VirtualTarget;
  X.CB = C.CB;
  X.Arg = This;
  S.addComplex(Fns, X);
}

void ConstraintBuilder::receiversUnresolved(const ComplexConstraint &C) {
  unfilterReceivers(*C.CB);
}

void ConstraintBuilder::unfilterReceivers(const CallBase &CB) {
  if (!Receivers.erase(&CB))
    return;
  // Binding may reach this again for other calls: a copy.
  std::vector<const Function *> Callees = Bound.lookup(&CB);
  for (const Function *F : Callees)
    if (!F->isDeclaration())
      bindArgument(CB, *F, 0, nodeOf(CB.getArgOperand(0)));
}

} // namespace racesift
