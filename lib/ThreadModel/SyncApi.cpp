//===- SyncApi.cpp - Synchronisation API tables -----------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one place that maps real threading APIs (pthreads, C11, SV-COMP) to
// the paper's actions (libc functions are in LibcModel.cpp).
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace racesift {

namespace {
using AK = ActionKind;
using LK = LockKind;
using LM = LockMode;
constexpr LM X = LM::Exclusive;
constexpr LM S = LM::Shared;

const SyncApi SyncTable[] = {
    {"pthread_mutex_lock", AK::Lock, 0, -1, LK::Mutex, X},
    {"pthread_mutex_timedlock", AK::TryLock, 0, -1, LK::Mutex, X},
    {"pthread_mutex_trylock", AK::TryLock, 0, -1, LK::Mutex, X},
    {"pthread_mutex_unlock", AK::Unlock, 0, -1, LK::Mutex, X},
    {"pthread_rwlock_rdlock", AK::Lock, 0, -1, LK::RWLock, S},
    {"pthread_rwlock_wrlock", AK::Lock, 0, -1, LK::RWLock, X},
    {"pthread_rwlock_tryrdlock", AK::TryLock, 0, -1, LK::RWLock, S},
    {"pthread_rwlock_trywrlock", AK::TryLock, 0, -1, LK::RWLock, X},
    {"pthread_rwlock_timedrdlock", AK::TryLock, 0, -1, LK::RWLock, S},
    {"pthread_rwlock_timedwrlock", AK::TryLock, 0, -1, LK::RWLock, X},
    {"pthread_rwlock_unlock", AK::Unlock, 0, -1, LK::RWLock, X},
    {"pthread_spin_lock", AK::Lock, 0, -1, LK::SpinLock, X},
    {"pthread_spin_trylock", AK::TryLock, 0, -1, LK::SpinLock, X},
    {"pthread_spin_unlock", AK::Unlock, 0, -1, LK::SpinLock, X},
    {"pthread_cond_wait", AK::Wait, 0, 1, LK::Mutex, X},
    {"pthread_cond_timedwait", AK::Wait, 0, 1, LK::Mutex, X, true},
    {"pthread_cond_clockwait", AK::Wait, 0, 1, LK::Mutex, X, true},
    {"pthread_cond_signal", AK::Signal, 0, -1, LK::Mutex, X},
    {"pthread_cond_broadcast", AK::Broadcast, 0, -1, LK::Mutex, X},
    {"pthread_barrier_wait", AK::BarrierWait, 0, -1, LK::Mutex, X},
    {"pthread_once", AK::Once, 0, 1, LK::Mutex, X},
    {"sem_wait", AK::SemWait, 0, -1, LK::Mutex, X},
    {"sem_timedwait", AK::SemTryWait, 0, -1, LK::Mutex, X},
    {"sem_trywait", AK::SemTryWait, 0, -1, LK::Mutex, X},
    {"sem_post", AK::SemPost, 0, -1, LK::Mutex, X},
    {"pthread_join", AK::Join, 0, -1, LK::Mutex, X},
    {"pthread_detach", AK::Detach, 0, -1, LK::Mutex, X},
    {"pthread_cancel", AK::Cancel, 0, -1, LK::Mutex, X},
    {"pthread_exit", AK::Exit, -1, -1, LK::Mutex, X},
    {"thrd_join", AK::Join, 0, -1, LK::Mutex, X},
    {"thrd_detach", AK::Detach, 0, -1, LK::Mutex, X},
    {"thrd_exit", AK::Exit, -1, -1, LK::Mutex, X},
    // After a cleanup handler run by cancellation or pthread_exit (the
    // outer handlers are not run: cleanup-handlers).
    {"__pthread_unwind_next", AK::Exit, -1, -1, LK::Mutex, X},
    // A stream's own lock (POSIX flockfile): what getc_unlocked and the
    // like rely on, and what -O2 inlines putc_unlocked under.
    {"flockfile", AK::Lock, 0, -1, LK::Mutex, X},
    {"ftrylockfile", AK::TryLock, 0, -1, LK::Mutex, X},
    {"funlockfile", AK::Unlock, 0, -1, LK::Mutex, X},
    {"mtx_lock", AK::Lock, 0, -1, LK::Mutex, X},
    {"mtx_trylock", AK::TryLock, 0, -1, LK::Mutex, X},
    {"mtx_timedlock", AK::TryLock, 0, -1, LK::Mutex, X},
    {"mtx_unlock", AK::Unlock, 0, -1, LK::Mutex, X},
    {"cnd_wait", AK::Wait, 0, 1, LK::Mutex, X},
    {"cnd_timedwait", AK::Wait, 0, 1, LK::Mutex, X, true},
    {"cnd_signal", AK::Signal, 0, -1, LK::Mutex, X},
    {"cnd_broadcast", AK::Broadcast, 0, -1, LK::Mutex, X},
    {"_ZNSt6thread4joinEv", AK::Join, 0, -1, LK::Mutex, X},
    {"_ZNSt6thread6detachEv", AK::Detach, 0, -1, LK::Mutex, X},
    {"call_once", AK::Once, 0, 1, LK::Mutex, X},
    {"__VERIFIER_atomic_begin", AK::Lock, -1, -1, LK::AtomicSection, X},
    {"__VERIFIER_atomic_end", AK::Unlock, -1, -1, LK::AtomicSection, X},
};

const StringMap<CreateApi> &createTable() {
  static const StringMap<CreateApi> T = {
      {"pthread_create", {0, 2, 3}},
      {"thrd_create", {0, 1, 2}},
      {"uv_thread_create", {0, 1, 2}},
      // Libraries that run what they are given on their own threads.
      {"uv_queue_work", {-1, 2, 1, true}},
      {"g_thread_new", {-1, 1, 2, true}},
      {"g_thread_try_new", {-1, 1, 2, true}},
      {"g_thread_pool_new", {-1, 0, 1, true}},
      {"fuse_main_real", {-1, -1, -1, true, 2}},
      {"fuse_new", {-1, -1, -1, true, 1}},
      // SIGEV_THREAD notification: a new thread runs sigev_notify_function
      // with sigev_value at each expiry or message (timer-thread).
      {"timer_create", {-1, -1, -1, true, 1, true}},
      {"mq_notify", {-1, -1, -1, true, 1, true}},
      // Signal handlers run when a signal arrives, in whichever thread it
      // interrupts, any number of times (signal-handler).
      {"signal", {-1, 1, -1, true}},
      {"sysv_signal", {-1, 1, -1, true}},
      {"__sysv_signal", {-1, 1, -1, true}},
      {"bsd_signal", {-1, 1, -1, true}},
      {"sigset", {-1, 1, -1, true}},
      {"sigaction", {-1, -1, -1, true, 1}},
  };
  return T;
}
} // namespace

const SyncApi *lookupSyncApi(StringRef Name) {
  static const StringMap<const SyncApi *> Index = [] {
    StringMap<const SyncApi *> M;
    for (const SyncApi &A : SyncTable)
      M[A.Name] = &A;
    return M;
  }();
  auto It = Index.find(Name);
  return It == Index.end() ? nullptr : It->second;
}

bool isSyncObjectFunction(StringRef N) {
  return N.starts_with("pthread_mutex_") || N.starts_with("pthread_cond_") ||
         N.starts_with("pthread_rwlock_") || N.starts_with("pthread_spin_") ||
         N.starts_with("pthread_barrier_") || N.starts_with("sem_") ||
         N.starts_with("mtx_") || N.starts_with("cnd_");
}

int syncInitCountArg(StringRef Name) {
  return Name == "sem_init" || Name == "pthread_barrier_init" ? 2 : -1;
}

const CreateApi *lookupCreateApi(StringRef Name) {
  auto It = createTable().find(Name);
  return It == createTable().end() ? nullptr : &It->second;
}

const Value *startRoutineArgument(const CreationSite &C,
                                  const PointsToAnalysis &PTA) {
  const CreateApi *Api = nullptr;
  for (const Function *F : PTA.callees(*C.Call))
    if (!Api)
      Api = lookupCreateApi(F->getName());
  if (!Api || Api->Library || Api->ArgArg < 0 ||
      Api->ArgArg >= int(C.Call->arg_size()))
    return nullptr;
  return C.Call->getArgOperand(Api->ArgArg);
}

bool isCxxStartThread(StringRef Name) {
  return Name.starts_with("_ZNSt6thread15_M_start_thread");
}

const GlobalVariable *onceProxySlot(const Function &Routine) {
  if (!Routine.isDeclaration() || Routine.getName() != "__once_proxy")
    return nullptr;
  return Routine.getParent()->getNamedGlobal("_ZSt11__once_call");
}

std::vector<const Function *> onceRoutines(const PointsToAnalysis &PTA,
                                           const ThreadModel &TM,
                                           const Value *Routine) {
  std::vector<const Function *> Out;
  auto Add = [&](const MemLoc &L) {
    if (auto *F = dyn_cast_or_null<Function>(TM.Objects[L.Obj].Site))
      if (!F->isDeclaration() && !is_contained(Out, F))
        Out.push_back(F);
  };
  for (const MemLoc &L : PTA.pointsTo(Routine)) {
    Add(L);
    auto *F = dyn_cast_or_null<Function>(TM.Objects[L.Obj].Site);
    if (const GlobalVariable *Slot = F ? onceProxySlot(*F) : nullptr)
      for (const MemLoc &S : PTA.pointsTo(Slot))
        for (const MemLoc &C : PTA.contentOf(S))
          Add(C);
  }
  return Out;
}

} // namespace racesift
