//===- CleanupHandlers.cpp - Where pthread cleanup handlers run -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cleanup-handlers: glibc's C pthread_cleanup_push is a __sigsetjmp on a
// buffer, a block that calls the routine and __pthread_unwind_next when it
// returns again, and __pthread_register_cancel; pthread_cleanup_pop is
// __pthread_unregister_cancel (and the routine, inline, when asked). The
// second return comes from a cancellation point or a pthread_exit between
// the two, with the locks held there, not from the __sigsetjmp: the
// handler block's edges come from those points instead of the branch on
// the __sigsetjmp's first result (always 0).
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

/// The buffer a cleanup call names: its first operand, an alloca.
static const Value *bufferOf(const CallBase &CB) {
  return CB.arg_size() ? getUnderlyingObject(CB.getArgOperand(0)) : nullptr;
}

static const CallBase *callTo(const Instruction &I, StringRef Name) {
  auto *CB = dyn_cast<CallBase>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == Name ? CB : nullptr;
}

/// Whether a call, by itself, ends the thread (pthread_exit, thrd_exit) or,
/// when the module cancels threads, is a cancellation point; an indirect
/// call may be either.
static bool runsHandlers(const CallBase &CB, bool Cancels) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return !CB.isInlineAsm();
  return Callee->isDeclaration() &&
         (is_contained({"pthread_exit", "thrd_exit"}, Callee->getName()) ||
          (Cancels && isCancellationPoint(Callee->getName())));
}

/// Whether a call may run the cleanup handlers registered around it: it
/// does itself, or it calls the module's code that may. A walk that finds
/// nothing clears every function it saw (all they reach was seen).
static bool mayRunHandlers(const CallBase &CB, bool Cancels,
                           DenseMap<const Function *, bool> &Memo) {
  if (runsHandlers(CB, Cancels))
    return true;
  const Function *Root = CB.getCalledFunction();
  if (!Root || Root->isDeclaration())
    return false;
  if (auto It = Memo.find(Root); It != Memo.end())
    return It->second;
  SmallPtrSet<const Function *, 8> Seen{Root};
  SmallVector<const Function *, 8> Work{Root};
  while (!Work.empty()) {
    const Function *G = Work.pop_back_val();
    for (const Instruction &I : instructions(G)) {
      auto *Inner = dyn_cast<CallBase>(&I);
      if (!Inner || isa<IntrinsicInst>(Inner))
        continue;
      const Function *Callee = Inner->getCalledFunction();
      auto Known = Callee ? Memo.find(Callee) : Memo.end();
      if (runsHandlers(*Inner, Cancels) ||
          (Known != Memo.end() && Known->second))
        return Memo[Root] = true;
      if (Callee && !Callee->isDeclaration() && Known == Memo.end() &&
          Seen.insert(Callee).second)
        Work.push_back(Callee);
    }
  }
  for (const Function *G : Seen)
    Memo[G] = false;
  return false;
}

CleanupEdges findCleanupEdges(const Function &F) {
  CleanupEdges Out;
  const Module &M = *F.getParent();
  // Off the hot path: only glibc's push macro calls __pthread_unwind_next.
  if (!M.getFunction("__pthread_unwind_next"))
    return Out;
  const Function *Cancel = M.getFunction("pthread_cancel");
  bool Cancels = Cancel && !Cancel->use_empty();
  DenseMap<const Function *, bool> Memo;
  for (const Instruction &I : instructions(F)) {
    const CallBase *Next = callTo(I, "__pthread_unwind_next");
    const Value *Buf = Next ? bufferOf(*Next) : nullptr;
    if (!Buf)
      continue;
    const BasicBlock *Handler = Next->getParent();
    const CallBase *Register = nullptr;
    for (const Instruction &J : instructions(F))
      if (const CallBase *R = callTo(J, "__pthread_register_cancel"))
        if (bufferOf(*R) == Buf)
          Register = R;
    if (!Register)
      continue;
    Out.Handlers.insert(Handler);
    // The region: from the registration on, up to the unregistration.
    SmallPtrSet<const BasicBlock *, 16> Seen{Register->getParent()};
    SmallVector<BasicBlock::const_iterator, 16> Work;
    Work.push_back(std::next(Register->getIterator()));
    while (!Work.empty()) {
      BasicBlock::const_iterator It = Work.pop_back_val();
      const BasicBlock *BB = It->getParent();
      bool Left = false;
      for (; It != BB->end(); ++It) {
        if (const CallBase *U = callTo(*It, "__pthread_unregister_cancel"))
          if (bufferOf(*U) == Buf) {
            Left = true;
            break;
          }
        auto *CB = dyn_cast<CallBase>(&*It);
        if (CB && !isa<IntrinsicInst>(CB) && mayRunHandlers(*CB, Cancels, Memo))
          Out.From[&*It].push_back(Handler);
      }
      if (Left)
        continue;
      for (const BasicBlock *S : successors(BB))
        if (S != Handler && Seen.insert(S).second)
          Work.push_back(S->begin());
    }
  }
  return Out;
}

} // namespace racesift
