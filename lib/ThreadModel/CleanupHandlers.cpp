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

CleanupEdges findCleanupEdges(const Function &F) {
  CleanupEdges Out;
  const Module &M = *F.getParent();
  const Function *Cancel = M.getFunction("pthread_cancel");
  bool Cancels = Cancel && !Cancel->use_empty();
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
        const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (!CB || isa<IntrinsicInst>(CB))
          continue;
        // pthread_exit runs the handlers; a cancellation point does when
        // the module cancels threads; a call of the module's own code may
        // reach either.
        bool Runs = Callee && Callee->getName() == "pthread_exit";
        if (Cancels)
          Runs = Runs || !Callee || !Callee->isDeclaration() ||
                 isCancellationPoint(Callee->getName());
        if (Runs)
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
