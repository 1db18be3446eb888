// clang-format off
// An access with no line of its own (at -O0 the spill of a parameter into
// its stack slot carries no debug location) is placed at its function's
// declaration, so that a finding on it still points into the source.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PAIR
#include <pthread.h>
int *shared;
void *worker(void *a) {
  *shared = 1;
  return 0;
}
void publish(int v) {
  shared = &v;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
}
void *idle(void *a);
int main(void) {
  /* A worker runs before publish does and is not joined, so the spill is
     not ordered before it (the MHP layer) and pairs with the worker. */
  pthread_t first;
  pthread_create(&first, 0, worker, 0);
  publish(1);
  return 0;
}
void *idle(void *a) { return a; }
// CHECK: stack 'v' shared
// CHECK: write v at {{.*}}no-debug-location.c:14:0 objects {v}
// PAIR: v: write at {{.*}}:11:{{[0-9]+}} in worker {} <-> write at {{.*}}no-debug-location.c:14:0 in main {}
