//===- SyncRules.cpp - Synchronisation rules of the Pthreads LTS ----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rules of Figures 3 and 4 for locks (acq, acq?, rel, with rwlocks and
// recursive mutexes) and POSIX condition variables (wait, signal1/signal2,
// signal!, the wake-up that re-takes the mutex), plus barriers,
// pthread_once and semaphores. Rules.cpp dispatches an edge here by kind.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace racesift;
using namespace racesift::mc;

/// pthread_mutex_trylock's failure value; sem_trywait returns -1.
static constexpr int64_t EBusy = 16;
/// Semaphore counters saturate here so that a post loop stays finite.
static constexpr int64_t SemCeiling = 255;

void Prepared::blockedMoves(const Config &C, uint32_t I,
                            llvm::function_ref<void(MoveKind, Config &&)> Emit,
                            bool &FullyEnabled) const {
  const ThreadState &T = C.Threads[I];
  switch (T.St) {
  case Status::Active:
  case Status::Terminated:
  case Status::AtBarrier:
    return;
  case Status::Waiting: {
    FullyEnabled = false;
    // timed-wait: whatever the other threads do, the deadline may pass.
    if (edge(T, T.Aux).A.Timed) {
      Config S = C;
      S.Threads[I].St = Status::Reacquire;
      Emit(MoveKind::Timeout, std::move(S));
    }
    if (!Opts.SpuriousWakeups)
      return;
    Config S = C;
    S.Threads[I].St = Status::Reacquire;
    Emit(MoveKind::Spurious, std::move(S));
    return;
  }
  case Status::Reacquire: {
    const ActionEdge &E = edge(T, T.Aux);
    std::vector<unsigned> M = Objects->ids(ObjKind::Lock, E.A.Mutex);
    Config S = C;
    if (Objects->exact(In.TM->isOneRuntimeObject(E.A.Mutex), ObjKind::Lock,
                       M)) {
      LockState &L = S.Locks.at(M[0]);
      if (L.Owner != 0 || L.Readers != 0) {
        FullyEnabled = false;
        return;
      }
      L.Owner = I + 1;
      L.Count = 1;
    }
    arrive(S, I, E.To);
    Emit(MoveKind::Reacquire, std::move(S));
    return;
  }
  }
}

void Prepared::lockMoves(const EdgeMove &X, bool &FullyEnabled) const {
  const Action &A = X.E.A;
  const uint32_t I = X.I;
  const uint64_t Bit = uint64_t(1) << I;
  const std::vector<unsigned> &Ids = X.Ids;
  if (A.Kind == ActionKind::Lock) {
    if (A.Var != NoDataVar && !guardHolds(X.C, I, A)) {
      // An atomic section entered only when its __VERIFIER_assume holds.
      FullyEnabled = false;
      return;
    }
    Config S = X.next();
    if (X.Exact) {
      LockState &L = S.Locks.at(Ids[0]);
      if (A.Mode == LockMode::Shared && L.Owner == 0)
        L.Readers |= Bit;
      else if (A.Mode == LockMode::Exclusive && L.Owner == 0 &&
               L.Readers == 0) {
        L.Owner = I + 1;
        L.Count = 1;
      } else if (A.Mode == LockMode::Exclusive && L.Owner == I + 1 &&
                 A.Lock == LockKind::RecursiveMutex) {
        ++L.Count;
      } else {
        FullyEnabled = false; // acq blocks while owned.
        return;
      }
    }
    X.Step(std::move(S), 0);
    return;
  }

  if (A.Kind == ActionKind::TryLock) {
    if (!X.Exact) {
      Config S = X.next();
      write(S, I, A.Var, Value());
      X.Step(std::move(S), 1);
      return;
    }
    const LockState &L = X.C.Locks[Ids[0]];
    bool CanTake =
        A.Mode == LockMode::Shared
            ? L.Owner == 0
            : ((L.Owner == 0 && L.Readers == 0) ||
               (L.Owner == I + 1 && A.Lock == LockKind::RecursiveMutex));
    if (CanTake) {
      Config S = X.next();
      LockState &SL = S.Locks.at(Ids[0]);
      if (A.Mode == LockMode::Shared)
        SL.Readers |= Bit;
      else if (SL.Owner == I + 1)
        ++SL.Count;
      else {
        SL.Owner = I + 1;
        SL.Count = 1;
      }
      write(S, I, A.Var, Value{true, 0});
      X.Step(std::move(S), 0);
    }
    // acq?2: the failure outcome, always possible (see docs).
    Config S = X.next();
    write(S, I, A.Var, Value{true, EBusy});
    X.Step(std::move(S), 1);
    return;
  }

  // Unlock.
  Config S = X.next();
  for (unsigned LI : Ids) {
    LockState &L = S.Locks.at(LI);
    if (L.Owner == I + 1) {
      if (--L.Count == 0 || A.Lock != LockKind::RecursiveMutex) {
        L.Owner = 0;
        L.Count = 0;
      }
    } else if (L.Readers & Bit) {
      L.Readers &= ~Bit;
    } else if (!X.Exact || A.IfHeld || (L.Owner == 0 && L.Readers == 0)) {
      // rel of a free lock continues; an ambiguous operand, or a guard
      // that may have unlocked already, only releases what this thread
      // holds.
    } else if (Opts.AnyThreadMayUnlock) {
      if (L.Owner) {
        L.Owner = 0;
        L.Count = 0;
      } else {
        L.Readers &= L.Readers - 1;
      }
    } else {
      FullyEnabled = false; // rel needs Lambda(m) in {theta, bottom}.
      return;
    }
  }
  X.Step(std::move(S), 0);
}

void Prepared::condMoves(const EdgeMove &X) const {
  const Action &A = X.E.A;
  const Config &C = X.C;
  if (A.Kind == ActionKind::Wait) {
    Config S = C;
    for (unsigned MI : Objects->ids(ObjKind::Lock, A.Mutex)) {
      LockState &L = S.Locks.at(MI);
      if (L.Owner == X.I + 1) {
        L.Owner = 0;
        L.Count = 0;
      }
    }
    S.Threads[X.I].St = Status::Waiting;
    S.Threads[X.I].Aux = X.EI;
    X.Step(std::move(S), 0);
    return;
  }

  // Signal, Broadcast.
  std::vector<uint32_t> Waiters;
  for (uint32_t J = 0; J < C.Threads.size(); ++J) {
    const ThreadState &W = C.Threads[J];
    if (W.St != Status::Waiting)
      continue;
    std::vector<unsigned> WC =
        Objects->ids(ObjKind::Cond, edge(W, W.Aux).A.Objects);
    if (llvm::any_of(
            WC, [&](unsigned Id) { return llvm::is_contained(X.Ids, Id); }))
      Waiters.push_back(J);
  }
  if (Waiters.empty()) {
    X.Step(X.next(), 0); // signal2: lost.
  } else if (A.Kind == ActionKind::Broadcast) {
    Config S = X.next();
    for (uint32_t J : Waiters)
      S.Threads[J].St = Status::Reacquire;
    X.Step(std::move(S), 0);
  } else {
    for (uint32_t J : Waiters) { // signal1: one waiter per transition.
      Config S = X.next();
      S.Threads[J].St = Status::Reacquire;
      X.Step(std::move(S), J + 1);
    }
  }
}

unsigned Prepared::liveParticipants(const Config &C, unsigned B) const {
  unsigned Obj = Objects->slotBase(ObjKind::Barrier) + B, N = 0;
  for (uint32_t I = 0; I < C.Threads.size(); ++I)
    if (futureMeets(C, I, {Obj}, false))
      ++N;
  return N;
}

void Prepared::barrierMoves(const EdgeMove &X) const {
  if (!X.Exact) {
    Config S = X.next();
    write(S, X.I, X.E.A.Var, Value()); // Serial or not: unknown.
    X.Step(std::move(S), 0);
    return;
  }
  unsigned B = X.Ids[0];
  Config S = X.C;
  S.Threads[X.I].St = Status::AtBarrier;
  S.Threads[X.I].Aux = X.EI;
  S.Barriers[B] |= uint64_t(1) << X.I;
  int64_t Need = Objects->barrierCount()[B] >= 0
                     ? Objects->barrierCount()[B]
                     : int64_t(liveParticipants(X.C, B));
  if (int64_t(llvm::popcount(S.Barriers[B])) < Need) {
    X.Step(std::move(S), 0);
    return;
  }
  // The last arrival releases every arrived instance. barrier-serial: one
  // of them, any (POSIX leaves it open), gets PTHREAD_BARRIER_SERIAL_THREAD;
  // one successor per choice when some waiter keeps its result.
  llvm::SmallVector<std::pair<uint32_t, DataVarId>, 8> Waiters;
  bool Kept = false;
  for (uint32_t J = 0; J < S.Threads.size(); ++J)
    if (S.Barriers[B] >> J & 1) {
      DataVarId V = edge(S.Threads[J], S.Threads[J].Aux).A.Var;
      Waiters.push_back({J, V});
      Kept |= Objects->localSlot(V) >= 0 || Objects->sharedSlot(V) >= 0;
    }
  S.Barriers[B] = 0;
  for (size_t Serial = 0; Serial < (Kept ? Waiters.size() : 1); ++Serial) {
    Config R = S;
    for (size_t K = 0; K < Waiters.size(); ++K) {
      auto [J, V] = Waiters[K];
      write(R, J, V, Value{true, K == Serial ? -1 : 0});
      arrive(R, J, edge(R.Threads[J], R.Threads[J].Aux).To);
    }
    X.Step(std::move(R), 0);
  }
}

void Prepared::onceMoves(const EdgeMove &X, bool &FullyEnabled) const {
  const Action &A = X.E.A;
  const ThreadState &T = X.C.Threads[X.I];
  // once-callees: the init function may be any of the callees; each with a
  // graph is a body the call may run, and one without (unknown code, or
  // nothing of the location in it) runs no step of ours.
  llvm::SmallVector<unsigned, 2> Bodies; // OnceFns indices.
  bool Bodiless = A.Callees.empty();
  for (const llvm::Function *Fn : A.Callees) {
    auto It = llvm::find(OnceFns, Fn);
    if (It != OnceFns.end() && Graphs[NT + (It - OnceFns.begin())]->NumNodes)
      Bodies.push_back(It - OnceFns.begin());
    else
      Bodiless = true;
  }
  if (T.RetNode != NoNode) {
    // nested-once: the explorer keeps one return point per thread, so the
    // inner body is skipped, and a refutation becomes unknown.
    NestedOnceSkipped = NestedOnceSkipped || !Bodies.empty();
    X.Step(X.next(), 0);
    return;
  }
  // Runs body B in a copy of S, then resumes after the once call; Ctl (or
  // NoOnceControl) is marked done at the body's end. Choice 1 + B names
  // the body (0: none runs).
  auto RunBody = [&](Config S, unsigned B, uint32_t Ctl) {
    ThreadState &ST = S.Threads[X.I];
    ST.RetNode = X.E.To;
    ST.Graph = NT + B;
    ST.Aux = Ctl;
    arrive(S, X.I, Graphs[NT + B]->Entry);
    X.Step(std::move(S), 1 + B);
  };
  if (!X.Exact) {
    // once-ambiguous: the control may be any of several objects, so which
    // call runs the body is unknown: each call may run it or skip it
    // (without blocking, and marking none done), unless every candidate
    // is done already. A body run twice is an interleaving the replay
    // rejects, never a confirmed race.
    const bool AllDone =
        !X.Ids.empty() &&
        llvm::all_of(X.Ids, [&](unsigned Id) { return X.C.Onces[Id] == 2; });
    X.Step(X.next(), 0);
    if (!AllDone)
      for (unsigned B : Bodies)
        RunBody(X.C, B, NoOnceControl);
    return;
  }
  unsigned Ctl = X.Ids[0];
  uint8_t St = X.C.Onces[Ctl];
  if (St == 1) {
    FullyEnabled = false; // Others wait for the running init.
    return;
  }
  if (St != 0) {
    X.Step(X.next(), 0);
    return;
  }
  Config S = X.C;
  if (Bodiless) {
    Config Done = S;
    Done.Onces[Ctl] = 2;
    arrive(Done, X.I, X.E.To);
    X.Step(std::move(Done), 0);
  }
  S.Onces[Ctl] = 1;
  for (unsigned B : Bodies)
    RunBody(S, B, Ctl);
}

void Prepared::semMoves(const EdgeMove &X, bool &FullyEnabled) const {
  const Action &A = X.E.A;
  const uint32_t I = X.I;
  if (A.Kind == ActionKind::SemPost) {
    Config S = X.next();
    if (X.Exact && S.Sems[X.Ids[0]] < SemCeiling)
      ++S.Sems[X.Ids[0]];
    X.Step(std::move(S), 0);
    return;
  }
  const bool Try = A.Kind == ActionKind::SemTryWait;
  if (!X.Exact) {
    Config S = X.next();
    if (Try)
      write(S, I, A.Var, Value());
    X.Step(std::move(S), 0);
    return;
  }
  if (X.C.Sems[X.Ids[0]] > 0) {
    Config S = X.next();
    --S.Sems[X.Ids[0]];
    if (Try)
      write(S, I, A.Var, Value{true, 0});
    X.Step(std::move(S), 0);
  } else if (!Try) {
    FullyEnabled = false; // Blocks at zero.
  }
  if (Try) {
    Config S = X.next();
    write(S, I, A.Var, Value{true, -1});
    X.Step(std::move(S), 1);
  }
}
