// clang-format off
// pthread_barrier_wait: the count comes from pthread_barrier_init; the
// last arrival releases all. Phase-1 writes race with each other, the
// phase-2 reads of the other slot do not meet any write.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int phase1, result;
pthread_barrier_t bar;

void *worker(void *arg) {
  phase1 = 1;
  pthread_barrier_wait(&bar);
  return 0;
}

int main(void) {
  pthread_t a;
  pthread_barrier_init(&bar, 0, 2);
  pthread_create(&a, 0, worker, 0);
  result = 1;
  pthread_barrier_wait(&bar);
  int v = phase1;
  pthread_join(a, 0);
  return v + result;
}

// CHECK: phase1: refuted
