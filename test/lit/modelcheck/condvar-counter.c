// clang-format off
// Waiting for detached workers through a counter (issue 20): each worker
// writes its result, then decrements `alive` under the mutex and signals;
// main waits `while (alive > 0)` and then reads the results. The counter
// orders every worker's write before main's read; the same with an
// atomic counter that main spins on (ATOMIC: fetch_sub and atomic_load
// snapshots). Racy variants: main
// reads before waiting (EARLY), main waits for one worker only (ONE), and
// (SAME) both workers write the same x: main's read is still ordered, but
// the two workers' writes race with each other.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC-SAFE
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DATOMIC %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DATOMIC %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DATOMIC -DONE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=ONE
// RUN: %clang -g -O0 -c -DEARLY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=EARLY
// RUN: %clang -g -O0 -c -DONE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=ONE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSAME %s -o %t.same.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.same.ll 2>&1 | %FileCheck %s --check-prefix=SAME
#include <pthread.h>
#include <stdatomic.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
#ifdef ATOMIC
atomic_int alive;
#else
int alive;
#endif
int x, y;

#ifdef SAME
#define Y x
#else
#define Y y
#endif

static void done(void) {
#ifdef ATOMIC
  atomic_fetch_sub(&alive, 1);
#else
  pthread_mutex_lock(&m);
  alive--;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
#endif
}

void *wx(void *arg) {
  x = 1;
  done();
  return 0;
}

void *wy(void *arg) {
  Y = 2;
  done();
  return 0;
}

int main(void) {
  pthread_t t;
  alive = 2;
  pthread_create(&t, 0, wx, 0);
  pthread_detach(t);
  pthread_create(&t, 0, wy, 0);
  pthread_detach(t);
#ifdef EARLY
  int r = x + y;
#endif
#if defined(ATOMIC) && defined(ONE)
  while (atomic_load(&alive) > 1)
    ;
#elif defined(ATOMIC)
  while (atomic_load(&alive) > 0)
    ;
#else
  pthread_mutex_lock(&m);
#ifdef ONE
  while (alive > 1)
#else
  while (alive > 0)
#endif
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
#endif
#ifndef EARLY
  int r = x + y;
#endif
  return r;
}

// MC-SAFE-DAG: x: refuted
// MC-SAFE-DAG: y: refuted

// SAFE: model checker: 0 races, {{[1-9]}} refuted, 0 unknown

// EARLY-DAG: condvar-counter.c:52:5: warning: data race on 'x': write in thread 'wx' conflicts with read in thread 'main'
// EARLY-DAG: condvar-counter.c:58:5: warning: data race on 'y': write in thread 'wy' conflicts with read in thread 'main'

// ONE: condvar-counter.c:{{52:5|58:5}}: warning: data race on '{{x|y}}': write in thread 'w{{x|y}}' conflicts with read in thread 'main'

// SAME: x: race
// SAME-NEXT: first: {{wx|wy}} write x at {{.*}}condvar-counter.c:{{52|58}}:5
// SAME-NEXT: second: {{wx|wy}} write x at {{.*}}condvar-counter.c:{{52|58}}:5
// SAME-NOT: main read x
