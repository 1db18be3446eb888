//===- TripCount.cpp - How often a call in a counted loop runs -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `for (i = 0; i < 4; ++i) pthread_create(...)`: the model checker explores
// as many threads as the loop creates when that is a small constant, rather
// than its thread bound. LLVM's ScalarEvolution gives the loop's maximal
// trip count; at -O0 the counter lives in a stack slot, so the analysis
// runs on a copy of the function whose promotable slots are SSA values
// (the copy is erased at once; the module is left as it was).
//
//===----------------------------------------------------------------------===//

#include "PromotedCopy.h"
#include "ThreadModelInternal.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {

std::vector<unsigned>
maxRunsInOutermostLoop(llvm::ArrayRef<const CallBase *> Calls) {
  std::vector<unsigned> Runs(Calls.size(), 0);
  if (Calls.empty())
    return Runs;
  Function &F = *const_cast<Function *>(Calls.front()->getFunction());
  if (!F.getParent())
    return Runs;
  {
    PromotedCopy PC(F);
    LoopInfo &LI = *PC.LI;
    ScalarEvolution &SE = *PC.SE;
    for (size_t K = 0; K < Calls.size(); ++K) {
      assert(Calls[K]->getFunction() == &F && "calls of one function");
      auto *Call = PC.copyOf<Instruction>(Calls[K]);
      Loop *L = Call ? LI.getLoopFor(Call->getParent()) : nullptr;
      // Only a call in one loop, not a nest: the trip count of an inner
      // loop says nothing of how often the outer one runs it.
      if (!L || L->getLoopDepth() != 1)
        continue;
      unsigned N = SE.getSmallConstantMaxTripCount(L);
      // The trip count counts runs of the header; a loop that leaves only
      // from its header runs the rest of its body once less (-O0's
      // unrotated `for`).
      if (N > 0 && L->getExitingBlock() == L->getHeader() &&
          Call->getParent() != L->getHeader())
        --N;
      Runs[K] = N;
    }
  }
  return Runs;
}

} // namespace racesift
