// clang-format off
// shared-exploration: locations that the same accesses may touch, in one
// object, are one exploration: the model checker sees a location only
// through those accesses (and the object's rules), so the first location's
// verdict is every one's. `*slot(...)` may touch `hits` or `misses`: two
// candidate locations, one exploration; `total` has accesses of its own.
// Racy, both locations race (one warning names the other); with the
// semaphore ordering the threads (-DSAFE), both are refuted.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-debug-only=racesift-mc 2>&1 | %FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSAFE %s -o %t.safe.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.safe.ll 2>&1 | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-debug-only=racesift-mc 2>&1 | %FileCheck %s --check-prefix=SAFEDBG --implicit-check-not=warning:
//
// RACY: shared: race
// RACY: shared.misses: race
// RACY: shared.total: race
//
// WARN: racesift-mc: 3 candidate locations, 2 explorations
// WARN-NOT: racesift-mc: shared.misses
// WARN: shared-exploration.c:[[#@LINE+34]]:19: warning: data race on 'shared': write in thread 'main' conflicts with read in thread 'worker'
// WARN: note: the same two accesses also touch 1 other location(s): 'shared.misses'
// WARN: shared-exploration.c:[[#@LINE+33]]:15: warning: data race on 'shared.total': write in thread 'main' conflicts with read in thread 'worker'
//
// SAFE: shared: refuted (states [[N:[0-9]+]])
// SAFE: shared.misses: refuted (states [[N]])
// SAFE: shared.total: refuted
//
// SAFEDBG: racesift-mc: 3 candidate locations, 2 explorations
#include <pthread.h>
#include <semaphore.h>

struct stats {
  long hits, misses, total;
};

static struct stats shared;
static sem_t ready;

static long *slot(int hit) { return hit ? &shared.hits : &shared.misses; }

static void *worker(void *a) {
#ifdef SAFE
  sem_wait(&ready);
#endif
  *slot(a != 0) += 1;
  shared.total++;
  return a;
}

int main(int argc, char **argv) {
  pthread_t t;
  sem_init(&ready, 0, 0);
  pthread_create(&t, 0, worker, argv);
  *slot(argc > 1) += 1;
  shared.total++;
#ifdef SAFE
  sem_post(&ready);
#endif
  pthread_join(t, 0);
  return 0;
}
