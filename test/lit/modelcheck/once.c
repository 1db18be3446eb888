// clang-format off
// pthread_once: the first caller runs init, later callers skip it and
// wait for it to finish, so the read after pthread_once is ordered.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int config;
pthread_once_t once = PTHREAD_ONCE_INIT;

void init(void) { config = 7; }

void *worker(void *arg) {
  pthread_once(&once, init);
  return (void *)(long)config;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// CHECK: config: refuted
