// clang-format off
// acq?: a trylock succeeds or fails when the mutex is free and fails when
// it is held. The access on the success branch is protected; the one on
// the failure branch races, and the witness shows the failed trylock.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int guarded, unguarded;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  if (pthread_mutex_trylock(&m) == 0) {
    guarded = 1;
    pthread_mutex_unlock(&m);
  } else {
    unguarded = 1;
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  guarded = 2;
  unguarded = 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}

// CHECK-NOT: guarded: race
// CHECK: unguarded: race
// CHECK: witness:
// CHECK: worker#1: {{.*}}trylock{{.*}}(fails)
