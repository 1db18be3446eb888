// clang-format off
// loop-counter abstraction: each worker counts a thousand iterations of a
// locked update and an atomic one. Tracked, the three workers' counters
// make more states than any budget, and main's read of `hits` after its
// join loop stayed undecided. The model checker now first leaves the
// counters of threads that manage no threads untracked (their loops may
// leave after any iteration: more behaviour, so a refutation stands) and
// keeps main's, whose join loop must join all three. Joining only two,
// the race is confirmed: the replay runs each joined worker to its end
// alone, taking its own locks, and says so.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DHALF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
//
// MC: hits: refuted (states {{[0-9]+}}, loop counters untracked): tracked data orders the accesses
// OK-NOT: warning:
// RACE: loop-counters.c:[[@LINE+19]]:5: warning: data race on 'hits': atomic write in thread 'worker' conflicts with read in thread 'main'
// RACE: note: conflicting read in thread 'main' here
// RACE: note: 'worker#{{[12]}}' runs to its end alone where it is joined or exits, with 2000 lock and unlock calls the interleaving does not show
#include <pthread.h>

#ifdef HALF
#define JOINED 2
#else
#define JOINED 3
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long total, hits;

static void *worker(void *arg) {
  for (int k = 0; k < 1000; k++) {
    pthread_mutex_lock(&m);
    total += k;
    pthread_mutex_unlock(&m);
    __atomic_fetch_add(&hits, 1, __ATOMIC_SEQ_CST);
  }
  return 0;
}

int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], 0, worker, 0);
  pthread_create(&t[1], 0, worker, 0);
  pthread_create(&t[2], 0, worker, 0);
  for (int i = 0; i < JOINED; i++)
    pthread_join(t[i], 0);
  return hits == 0;
}
