//===- Cancel.cpp - Thread cancellation in a replay
//------------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// pthread_cancel with POSIX's default, deferred cancellation: the target
// runs on and ends at its next cancellation point (usleep, read,
// pthread_testcancel, a wait, a join), unless it disabled cancellation.
// The model checker lets a cancelled thread run on (compromise
// "deferred-cancel"); the replay ends it where the program would, so a
// witness that needs it past a cancellation point is refuted, and one that
// does not is a fact. Asynchronous cancellation and cleanup handlers are
// not replayed.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {
namespace validate {

std::optional<bool> Replayer::cancellation(Path &P, unsigned T,
                                           const CallBase &CB, StringRef N) {
  ThreadState &TS = P.Threads[T];
  Frame &F = TS.Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  auto Old = [&](bool Was) { // The previous state or type, if asked for.
    if (CB.arg_size() > 1)
      if (uint64_t A = concretize(P, Arg(1), "cancel state"))
        store(P, A, Val::constant(32, Was), Type::getInt32Ty(CB.getContext()));
  };
  if (N == "pthread_setcancelstate" || N == "pthread_setcanceltype") {
    bool On = concretize(P, Arg(0), "cancel state") != 0;
    if (N == "pthread_setcancelstate") {
      Old(TS.CancelDisabled);
      TS.CancelDisabled = On; // PTHREAD_CANCEL_DISABLE is 1.
    } else {
      Old(TS.CancelAsync);
      TS.CancelAsync = On; // PTHREAD_CANCEL_ASYNCHRONOUS is 1.
    }
    if (TS.CancelPending && TS.CancelAsync && !TS.CancelDisabled)
      throw Unsupported{"asynchronous cancellation"};
    finishCall(P, T, CB, Val::constant(32, 0));
    return true;
  }
  if (N == "__pthread_register_cancel" || N == "__pthread_unregister_cancel") {
    TS.CleanupHandlers += N == "__pthread_register_cancel" ? 1 : -1;
    finishCall(P, T, CB, std::nullopt);
    return true;
  }
  if (!TS.CancelPending || TS.CancelDisabled || !isCancellationPoint(N))
    return std::nullopt;
  if (TS.CleanupHandlers)
    throw Unsupported{"cancellation cleanup handlers"};
  // The thread ends here; a join gets PTHREAD_CANCELED.
  TS.Stack.clear();
  TS.Done = true;
  TS.Ret = Val::constant(64, ~uint64_t(0));
  return true;
}

bool Replayer::cancelStep(Path &P, unsigned T, const CallBase &CB) {
  uint64_t Id = concretize(
      P, eval(P, P.Threads[T].Stack.back(), CB.getArgOperand(0)), "cancel");
  for (ThreadState &U : P.Threads)
    if (U.Started && !U.Done && U.Id == Id) {
      U.CancelPending = true;
      if (U.CancelAsync && !U.CancelDisabled)
        throw Unsupported{"asynchronous cancellation"};
    }
  finishCall(P, T, CB, Val::constant(32, 0));
  return true;
}

} // namespace validate
} // namespace racesift
