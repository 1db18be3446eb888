//===- RunPast.cpp - Races no happens-before orders (hb-race) -------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A data race is two conflicting accesses that no happens-before orders,
// whether or not both can be about to run at once. `data = 42;` then a
// relaxed store of `ready` in one thread, and a relaxed load of `ready`
// then `data` in another: the second thread only reaches its read after
// the first has written, so the model checker's interleaving (both about
// to run) is not one the program takes; yet nothing orders the two, since
// relaxed atomics synchronise nothing.
//
// The schedule tried here: one racing thread makes its access and runs on,
// stopping before anything that may release (an unlock, a release or
// stronger atomic or fence, any unknown function, its end); after each of
// its stores to shared memory the other thread tries to reach its access.
// If it does, and the accesses meet, no happens-before path leaves the
// first access: it would need a release of the first thread after it, and
// there is none. The race is then a fact of this execution.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/AtomicOrdering.h"

using namespace llvm;

namespace racesift {
namespace validate {

/// Whether executing I may release: write what another thread's acquire
/// then orders after it.
static bool mayRelease(const Instruction &I, const ThreadState &TS) {
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return SI->isAtomic() && isReleaseOrStronger(SI->getOrdering());
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return isReleaseOrStronger(RMW->getOrdering());
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return isReleaseOrStronger(CX->getSuccessOrdering());
  if (auto *FI = dyn_cast<FenceInst>(&I))
    return isReleaseOrStronger(FI->getOrdering());
  if (isa<ReturnInst>(I))
    return TS.Stack.size() <= 1; // The thread's end: a join acquires it.
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<DbgInfoIntrinsic>(CB) || isa<AnyMemIntrinsic>(CB) ||
      CB->isLifetimeStartOrEnd())
    return false;
  const Function *F = CB->getCalledFunction();
  // A defined function runs instruction by instruction; anything else
  // (the threading API, malloc's locks, stdio's) may synchronise.
  return !F || F->isDeclaration();
}

bool Replayer::runOnWithoutRelease(Path &P, unsigned T, const ReplayStep &S,
                                   AccessId Acc, std::vector<Touch> &Made) {
  ThreadState &TS = P.Threads[T];
  while (!TS.Done && !TS.Stack.empty()) {
    const Instruction &I = *TS.Stack.back().It;
    if (mayRelease(I, TS))
      return false;
    // Its access again (a loop over elements): the other thread may meet
    // any of them.
    if (&I == S.Inst && Made.size() < MaxRunPast)
      if (std::optional<Touch> X = touchOf(P, T, Acc))
        Made.push_back(std::move(*X));
    bool Store = false;
    if (auto *SI = dyn_cast<StoreInst>(&I))
      Store = !isa<AllocaInst>(SI->getPointerOperand());
    else
      Store = isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I);
    if (!step(P, T))
      return false;
    if (Store)
      return true;
  }
  return false;
}

bool Replayer::runPast(Path &P, ValidationResult &R) {
  size_t N = In.Steps.size();
  bool FirstRuns = P.Interleave == RunPastFirst;
  const ReplayStep &A = In.Steps[FirstRuns ? N - 2 : N - 1],
                   &B = In.Steps[FirstRuns ? N - 1 : N - 2];
  AccessId AccA = FirstRuns ? In.FirstAccess : In.SecondAccess,
           AccB = FirstRuns ? In.SecondAccess : In.FirstAccess;
  if (A.Thread == B.Thread)
    return false;
  // Forks made on the way stand inside this schedule, not between steps:
  // the schedule follows one path.
  size_t Keep = Pending.size();
  auto DropForks = [&] {
    Pending.erase(Pending.begin() + Keep, Pending.end());
  };
  if (advance(P, A.Thread, &A) != Advance::Reached)
    return DropForks(), false;

  std::optional<Touch> TA = touchOf(P, A.Thread, AccA);
  if (!TA ||
      mayRelease(*P.Threads[A.Thread].Stack.back().It, P.Threads[A.Thread]) ||
      !step(P, A.Thread))
    return DropForks(), false;
  std::vector<Touch> Made{std::move(*TA)};
  for (unsigned K = 0; K < MaxRunPast; ++K) {
    Path Q = P;
    // The other thread may be waiting for a later store (a spin on a
    // flag): a short try each time.
    SegmentCap = std::min(Opts.MaxSegment, RunPastSegment);
    Advance Got = advance(Q, B.Thread, &B);
    SegmentCap = Opts.MaxSegment;
    if (Got == Advance::Reached) {
      DropForks();
      std::optional<Touch> TB = touchOf(Q, B.Thread, AccB);
      for (const Touch &X : Made)
        if (TB && confirmMeet(Q, X, *TB, R)) {
          R.RanPast = A.Thread;
          return true;
        }
    }
    DropForks();
    if (!runOnWithoutRelease(P, A.Thread, A, AccA, Made))
      return DropForks(), false;
  }
  return DropForks(), false;
}

} // namespace validate
} // namespace racesift
