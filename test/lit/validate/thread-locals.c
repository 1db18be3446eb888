// clang-format off
// A thread-local variable is one per thread. The replay kept one copy for
// all threads (llvm.threadlocal.address returned the global), so a worker
// read the index another worker had just stored and "met" it at its slot:
// a confirmed race on `stats[]` where each worker touches only its own.
// Each thread now gets its own copy, initialised as the global is. A
// shared index (-DRACY: a plain global) is still a confirmed race.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// replay-once: the model checker finds two of its interleavings again (the
// replay rejected them); each is replayed once and costs the budget once.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats -fplugin-arg-racesift-debug-only=racesift-validate 2>&1 | %FileCheck %s --check-prefix=ONCE
//
// ONCE-COUNT-16: racesift-validate: infeasible: the two accesses touch different addresses in this interleaving
// ONCE-NOT: racesift-validate:
// ONCE: validation: 0 race(s) replayed, 18 infeasible, 0 not validated; {{[0-9]+}} steps, 0 queries (0 solver units); 2 the same as an earlier one
//
// SAFE: thread-locals.c:31:43: warning: possible data race on 'stats[]'
// SAFE-NOT: warning: data race
// RACY-DAG: thread-locals.c:31:43: warning: data race on 'stats[]': write in thread 'worker' conflicts with read in thread 'worker'
// RACY-DAG: thread-locals.c:34:12: warning: data race on 'my_index': write in thread 'worker' conflicts with write in thread 'worker'
#include <pthread.h>

#ifdef RACY
static int my_index;
#else
static __thread int my_index;
#endif
static long stats[2];

static void record(void) { stats[my_index]++; }

static void *worker(void *arg) {
  my_index = (int)(long)arg;
  for (int i = 0; i < 4; i++)
    record();
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return (int)stats[0];
}
