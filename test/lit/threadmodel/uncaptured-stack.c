// clang-format off
// uncaptured-stack: main's `local` is only handed to touch() and bump(),
// which load and store through their parameters (kept in -O0 spill slots)
// and keep them nowhere: only main's own activation reaches it. touch()'s
// `v` may point to six objects, past a budget of 4, so it is unresolved and
// `local` is among the targets of unresolved pointers, which count as
// handed over; bump()'s `s` is resolved to {g1, local} in both threads. It
// is still no shared object: no pair on it. With CAPTURED, main stores its
// address in a global and the worker writes it through that global: a race
// on local.n.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -racesift-max-points-to=4 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-max-points-to=4 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DCAPTURED %s -o %t.cap.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -racesift-max-points-to=4 -disable-output %t.cap.ll 2>&1 | %FileCheck %s --check-prefix=CAPMODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-max-points-to=4 -disable-output %t.cap.ll 2>&1 | %FileCheck %s --check-prefix=CAPRACE
// clang-format on
#include <pthread.h>
struct S {
  int n;
  int pad;
};
struct T {
  long x;
  long y;
};
struct S g1, g2;
struct T t1, t2, t3;
struct S *gp;

void touch(void *v, int kind) {
  if (kind)
    ((struct S *)v)->n++;
  else
    ((struct T *)v)->x++;
}

void bump(struct S *s) { s->n++; }

void *worker(void *arg) {
  touch(&g1, 1);
  touch(&t1, 0);
  touch(&t2, 0);
  bump(&g1);
#ifdef CAPTURED
  gp->n = 1;
#endif
  return 0;
}

int main(void) {
  pthread_t th;
  struct S local = {0, 0};
#ifdef CAPTURED
  gp = &local;
#endif
  pthread_create(&th, 0, worker, 0);
  touch(&local, 1);
  touch(&g2, 1);
  touch(&t3, 0);
  bump(&local);
  pthread_join(th, 0);
  return local.n;
}

// bump()'s accesses pair on g1 (main's bump(&local) may reach g1 too), not
// on main's local.
// MODEL: candidates:
// MODEL: g1: read at uncaptured-stack.c:38:30 in main {} <-> write at uncaptured-stack.c:38:30 in worker {}
// MODEL-NOT: local
// MODEL: protected-pairs:

// The model checker follows bump()'s argument per call (context-parameters):
// main's bump(&local) touches local only, so the pair on g1 is refuted (it
// was a possible race before).
// RACE: analysed for data races only in part
// RACE-NOT: data race

// CAPMODEL: local: write at uncaptured-stack.c:38:30 in main {} <-> write at uncaptured-stack.c:38:30 in worker {}

// CAPRACE: uncaptured-stack.c:46:9: data race on 'local.n': write in thread 'worker' conflicts with read in thread 'main'
