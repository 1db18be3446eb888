// clang-format off
// Thread bound, budgets and statistics through the -racesift-* options.
// Workers created in a loop race with each other only when the bound lets
// two of them exist; with bound 1 the refutation carries the bound note.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=DEFAULT
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-thread-bound=1 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=BOUND1
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-max-states=2 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=BUDGET
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=STATS
#include <pthread.h>

int hits;

void *worker(void *arg) {
  hits = hits + 1;
  return 0;
}

int main(void) {
  pthread_t t[12];
  for (int i = 0; i < 12; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 12; ++i)
    pthread_join(t[i], 0);
  return 0;
}

// The loop creates 12, more than the 8 threads a constant trip count may
// give a site in place of the bound (modelcheck/loop-threads.c).
// DEFAULT: hits: race
// DEFAULT: witness:
// DEFAULT-NEXT: main: assign i := 0 at {{.*}}options.c:21:12
// DEFAULT-NEXT: main: assume i < 12 at {{.*}}options.c:21:3
// DEFAULT-NEXT: main: create worker#1 at {{.*}}options.c:22:5
// DEFAULT-NEXT: main: assign i := i + 1 at {{.*}}options.c:21:27
// DEFAULT-NEXT: main: assume i < 12 at {{.*}}options.c:21:3
// DEFAULT-NEXT: main: create worker#2 at {{.*}}options.c:22:5
// DEFAULT-NEXT: main: assign i := i + 1 at {{.*}}options.c:21:27
// DEFAULT-NEXT: main: assume i < 12 at {{.*}}options.c:21:3
// DEFAULT-NEXT: worker#1: read hits at {{.*}}options.c:15:10
// DEFAULT-NEXT: worker#1: write hits at {{.*}}options.c:15:8
// DEFAULT-NEXT: worker#2: read hits at {{.*}}options.c:15:10
// DEFAULT-NOT: stats:

// BOUND1: hits: refuted (states {{[0-9]+}})
// BOUND1-NEXT: note: the thread bound may cut behaviour: thread bound 1 met at creation site {{.*}}options.c:22 (in a loop)

// BUDGET: hits: unknown (state budget 2 exhausted)

// STATS: hits: race
// STATS: stats: states {{[1-9][0-9]*}} transitions {{[1-9][0-9]*}} bytes/state {{[1-9][0-9]*}} seconds {{[0-9.]+}}
