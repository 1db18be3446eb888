// clang-format off
// Spin locks built from atomics (issue 20): a test-and-set loop on
// __sync_lock_test_and_set (TAS), C11's atomic_flag (FLAG) and a
// compare-exchange loop in helper functions (CAS). Each atomic
// read-modify-write is one AtomicUpdate of the tracked lock word, its old
// value (or success) a per-thread result the loop's guard tests, so the
// increments of x under the lock are refuted. Racy variants: a second
// thread (RACY) increments x without taking the lock, or (SPLIT) the lock
// is released before the write.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DTAS %s -o %t.tas.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.tas.ll 2>&1 | %FileCheck %s --check-prefix=TM-TAS
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DCAS %s -o %t.cas.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.cas.ll 2>&1 | %FileCheck %s --check-prefix=TM-CAS
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.cas.ll 2>&1 | %FileCheck %s --check-prefix=MC-SAFE
// RUN: %clang -g -O0 -c -DTAS %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DTAS %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DFLAG %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DFLAG %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DCAS %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DCAS %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DTAS -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DFLAG -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DCAS -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O2 -c -DCAS -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DTAS -DSPLIT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SPLIT
// RUN: %clang -g -O0 -c -DCAS -DSPLIT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SPLIT
#include <pthread.h>
#include <stdatomic.h>

int x;

#if defined(TAS)
int lk;
void lock(void) {
  while (__sync_lock_test_and_set(&lk, 1))
    ;
}
void unlock(void) { __sync_lock_release(&lk); }
#elif defined(FLAG)
atomic_flag f = ATOMIC_FLAG_INIT;
void lock(void) {
  while (atomic_flag_test_and_set(&f))
    ;
}
void unlock(void) { atomic_flag_clear(&f); }
#else
atomic_int lk;
void lock(void) {
  int e = 0;
  while (!atomic_compare_exchange_strong(&lk, &e, 1))
    e = 0;
}
void unlock(void) { atomic_store(&lk, 0); }
#endif

void *worker(void *arg) {
  lock();
#ifdef SPLIT
  unlock();
#endif
  x++;
#ifndef SPLIT
  unlock();
#endif
  return 0;
}

void *rogue(void *arg) {
  x++;
  return 0;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], 0, worker, 0);
#ifdef RACY
  pthread_create(&t[1], 0, rogue, 0);
#else
  pthread_create(&t[1], 0, worker, 0);
#endif
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return x;
}

// TM-TAS: function lock:
// TM-TAS: atomic write lk at {{.*}}atomics-spinlock.c:35:10
// TM-TAS-NEXT: atomic lk@35 := lk, lk := 1 at {{.*}}atomics-spinlock.c:35:10
// TM-TAS-DAG: assume lk@35 != 0 at
// TM-TAS-DAG: assume lk@35 == 0 at
// TM-TAS: function unlock:
// TM-TAS: assign lk := 0 at {{.*}}atomics-spinlock.c:38:21

// TM-CAS: function lock:
// TM-CAS: assign e := 0
// TM-CAS: atomic lk@50 := lk, lk@50.ok := (lk == e), if lk == e then lk := 1 at {{.*}}atomics-spinlock.c:50:11
// TM-CAS-DAG: assume lk@50.ok != 0
// TM-CAS-DAG: assume lk@50.ok == 0
// TM-CAS-DAG: assign e := lk@50
// TM-CAS: function unlock:
// TM-CAS: assign lk := 0

// MC-SAFE: x: refuted

// SAFE: model checker: 0 races, {{[1-9]}} refuted, 0 unknown

// RACY: atomics-spinlock.c:61:4: warning: data race on 'x': write in thread 'worker' conflicts with read in thread 'rogue'
// RACY: atomics-spinlock.c:69:4: note: conflicting read in thread 'rogue' here
// RACY-NOT: warning:

// SPLIT: atomics-spinlock.c:61:4: warning: data race on 'x': write in thread 'worker' conflicts with read in thread 'worker'
// SPLIT-NOT: warning:
