// clang-format off
// hb-race: a data race is two conflicting accesses that no happens-before
// orders, whether or not both can be about to run at once. The writer
// fills data[] and then publishes with a relaxed store; the reader spins
// on a relaxed load and reads data[2]. The reader only gets there after
// the writer's stores, so the model checker's witness (both accesses about
// to run) is no execution, and the race was possible ("a thread keeps
// running without reaching its next step"). The replay now also lets one
// racing thread make its access and run on, stopping before anything that
// may release, while the other tries to reach its access after each of
// its stores (and meets any of its accesses since, data[0] to data[3]):
// nothing orders the two, a confirmed race. Release/acquire (SAFE)
// orders them; with an unlock between the writes and the flag (UNLOCKS)
// the writer would run past a release, so the replay claims nothing (a
// possible race, although the reader never takes the lock).
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DUNLOCKS %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=UNLOCKS --implicit-check-not=warning:
//
// CHECK: hb-race.c:46:13: warning: data race on 'data[]': write in thread 'writer' conflicts with read in thread 'reader'
// CHECK: note: 'writer#2' makes its write data[] and runs on, releasing nothing, before 'reader#1' makes its read data[]: no happens-before orders the two
// The interleaving ends with the accesses in the order the race has them.
// CHECK: note: interleaving: {{.*}} -> writer#2: write data[] (hb-race.c:46) -> reader#1: read data[] (hb-race.c:57)
// SAFE-NOT: warning
// UNLOCKS: hb-race.c:46:13: warning: possible data race on 'data[]': write in thread 'writer' conflicts with read in thread 'reader'
#include <pthread.h>
#include <stdatomic.h>

#ifdef SAFE
#define STORE memory_order_release
#define LOAD memory_order_acquire
#else
#define STORE memory_order_relaxed
#define LOAD memory_order_relaxed
#endif

static atomic_int published;
static int data[4];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *a) {
#ifdef UNLOCKS
  pthread_mutex_lock(&m);
#endif
  for (int i = 0; i < 4; i++)
    data[i] = i;
#ifdef UNLOCKS
  pthread_mutex_unlock(&m);
#endif
  atomic_store_explicit(&published, 1, STORE);
  return 0;
}

static void *reader(void *a) {
  while (!atomic_load_explicit(&published, LOAD))
    ;
  return (void *)(long)data[2];
}

int main(void) {
  pthread_t w, r;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  return 0;
}
