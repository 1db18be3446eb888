// clang-format off
// context-parameters: a helper called with different objects (`add(&q1)`
// in one thread, `add(&q2)` in another) touches one queue per call. The
// points-to analysis merges the calls (add's `q` may point to q1 and q2),
// so the lockset layer leaves both queues as candidates; the model checker
// keeps an access through a parameter only in the calls whose argument may
// point to the location's object, through nested helpers too
// (add_twice -> add). Before, the race-free program had a "possible" race
// the replay could not confirm; now every location is refuted. With -DRACY both
// threads add to q1, a race on q1's fields.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// clang-format on
#include <pthread.h>

struct queue {
  int n;
  int items[8];
} q1, q2;

static void add(struct queue *q, int v) {
  q->items[q->n & 7] = v;
  q->n++;
}

static void add_twice(struct queue *q, int v) {
  add(q, v);
  add(q, v + 1);
}

static void *producer1(void *a) {
  add_twice(&q1, 1);
  return a;
}

static void *producer2(void *a) {
#ifdef RACY
  add(&q1, 2);
#else
  add(&q2, 2);
#endif
  return a;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, producer1, 0);
  pthread_create(&b, 0, producer2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return q1.n + q2.n;
}
// MODEL: write q[] at context-parameters.c:25:22 objects {q1.items[], q2.items[]} via parameter 1
// MODEL: write q->n at context-parameters.c:26:7 objects {q1, q2} via parameter 1
// MC-DAG: q1.items[]: refuted
// MC-DAG: q1: refuted
// MC-DAG: q2.items[]: refuted
// MC-DAG: q2: refuted
// MC-NOT: race
// RACY: context-parameters.c:25:22: warning: data race on 'q1.items[]': write in thread 'producer1' conflicts with write in thread 'producer2'
// Elements of one array are named once in the note on the other locations.
// RACY: note: the same two accesses also touch 7 other location(s): 'q1.items[]'{{$}}
// RACY: context-parameters.c:26:7: warning: data race on 'q1.n': write in thread 'producer1' conflicts with read in thread 'producer2'
// RACY: context-parameters.c:26:7: warning: data race on 'q1.n': write in thread 'producer1' conflicts with read in thread 'producer2'
