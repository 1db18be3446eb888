//===- Signals.cpp - Signals a thread sends another and sigwait takes -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// signals: a signal thread blocks a set, waits in sigwait, and others send
// it signals with pthread_kill. sigwait returns only once such a signal is
// pending, so a race it is about to meet happens only after a send: taking
// its result as an input (an unkept wait) left every such race possible.
// The replay keeps, per thread, the blocked mask (pthread_sigmask and
// sigprocmask, inherited by the threads it creates) and the signals sent
// to it and pending (pthread_kill of a blocked signal), and the sets the
// program builds (sigemptyset, sigaddset...: signals 1-64, the first word
// of a sigset_t). sigwait takes the lowest pending signal of its set; with
// none, the path ends, as the interleaving does not let a sender run
// first. A signal sent to a thread that does not block it goes to a
// handler or ends the process: not replayed. A module that also raises
// signals for the whole process (kill, raise, alarm, timers...) keeps the
// unkept wait: such a signal may come from anywhere.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <cerrno>

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
constexpr unsigned SigsetWords = 16; // sizeof(sigset_t) / 8 on glibc.
constexpr int64_t SigBlock = 0, SigUnblock = 1, SigSetmask = 2;

/// Whether the module may send a signal to the whole process.
bool sendsProcessSignals(const Module &M) {
  for (StringRef N : {"kill", "raise", "sigqueue", "alarm", "ualarm",
                      "setitimer", "timer_create", "killpg", "abort"})
    if (const Function *F = M.getFunction(N); F && !F->use_empty())
      return true;
  return false;
}
} // namespace

std::optional<bool> Replayer::signalCall(Path &P, unsigned T,
                                         const CallBase &CB, StringRef N) {
  static const StringRef Names[] = {
      "sigemptyset",     "sigfillset",  "sigaddset",
      "sigdelset",       "sigismember", "pthread_kill",
      "pthread_sigmask", "sigprocmask", "sigwait"};
  if (!is_contained(Names, N))
    return std::nullopt;
  if (!ProcessSignals)
    ProcessSignals = sendsProcessSignals(*CB.getModule());
  if (*ProcessSignals)
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  Type *I64 = Type::getInt64Ty(CB.getContext());
  Type *I32 = Type::getInt32Ty(CB.getContext());
  auto Done = [&](int64_t R) { return finishWith(P, T, CB, R); };
  // A set's signals 1-64, if the program's data fixes them.
  auto SetAt = [&](const Val &Ptr) -> std::optional<uint64_t> {
    if (!Ptr.isConst())
      return std::nullopt;
    Val W = load(P, Ptr.K->getZExtValue(), I64, "");
    if (!W.isConst())
      return std::nullopt;
    return W.K->getZExtValue();
  };
  auto Write = [&](uint64_t Addr, uint64_t First, uint64_t Rest) {
    store(P, Addr, Val::constant(64, First), I64);
    for (unsigned I = 1; I < SigsetWords; ++I)
      store(P, Addr + 8 * I, Val::constant(64, Rest), I64);
  };
  // A signal number 1-64 as a bit, if the data fixes it.
  auto Bit = [&](const Val &Sig) -> std::optional<uint64_t> {
    if (!Sig.isConst() || Sig.K->getZExtValue() < 1 ||
        Sig.K->getZExtValue() > 64)
      return std::nullopt;
    return uint64_t(1) << (Sig.K->getZExtValue() - 1);
  };
  ThreadState &TS = P.Threads[T];

  if (N == "sigemptyset" || N == "sigfillset") {
    uint64_t Fill = N == "sigfillset" ? ~uint64_t(0) : 0;
    Write(concretize(P, Arg(0), "signal set"), Fill, Fill);
    return Done(0);
  }
  if (N == "sigaddset" || N == "sigdelset" || N == "sigismember") {
    Val Ptr = Arg(0);
    std::optional<uint64_t> Set = SetAt(Ptr), B = Bit(Arg(1));
    if (!Set || !B)
      return std::nullopt;
    if (N == "sigismember")
      return Done((*Set & *B) != 0);
    store(P, Ptr.K->getZExtValue(),
          Val::constant(64, N == "sigaddset" ? *Set | *B : *Set & ~*B), I64);
    return Done(0);
  }
  if (N == "pthread_sigmask" || N == "sigprocmask") {
    Val How = Arg(0), SetPtr = Arg(1), OldPtr = Arg(2);
    if (!How.isConst() || !SetPtr.isConst() || !OldPtr.isConst())
      return std::nullopt;
    std::optional<uint64_t> Set;
    if (SetPtr.K->getZExtValue() != 0 && !(Set = SetAt(SetPtr)))
      return std::nullopt;
    if (OldPtr.K->getZExtValue() != 0)
      Write(OldPtr.K->getZExtValue(), TS.SigBlocked, 0);
    if (Set) {
      int64_t H = How.K->getSExtValue();
      if (H == SigBlock)
        TS.SigBlocked |= *Set;
      else if (H == SigUnblock)
        TS.SigBlocked &= ~*Set;
      else if (H == SigSetmask)
        TS.SigBlocked = *Set;
      else
        return Done(EINVAL);
    }
    return Done(0);
  }
  if (N == "pthread_kill") {
    Val Sig = Arg(1);
    if (Sig.isConst() && Sig.K->isZero())
      return std::nullopt; // A probe: whether the thread exists.
    std::optional<uint64_t> B = Bit(Sig);
    if (!B)
      return std::nullopt;
    uint64_t Id = concretize(P, Arg(0), "signalled thread");
    for (ThreadState &U : P.Threads)
      if (U.Started && !U.Done && U.Id == Id) {
        if (!(U.SigBlocked & *B))
          throw Unsupported{"a signal sent to a thread that does not block "
                            "it (its handler or its default action)"};
        U.SigPending |= *B;
        return Done(0);
      }
    return std::nullopt;
  }
  // sigwait(set, &sig).
  std::optional<uint64_t> Set = SetAt(Arg(0));
  if (!Set)
    return std::nullopt;
  uint64_t Got = TS.SigPending & *Set;
  if (!Got) {
    dead(P, "'sigwait'" + atLine(CB) +
                " waits for a signal no thread has sent to it yet");
    return false;
  }
  unsigned Low = countr_zero(Got);
  TS.SigPending &= ~(uint64_t(1) << Low);
  store(P, concretize(P, Arg(1), "sigwait's signal"),
        Val::constant(32, Low + 1), I32);
  return Done(0);
}

} // namespace validate
} // namespace racesift
