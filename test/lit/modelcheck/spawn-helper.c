// clang-format off
// Three threads created through one helper: each call of the helper is its
// own creation site for the thread bound, and each thread is joined once, so
// main's unlocked read of 'total' after the three joins is refuted, while
// the unprotected counter in the workers still races.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
// CHECK-DAG: total: refuted
// CHECK-DAG: bumps: race
#include <pthread.h>

int total, bumps;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg) {
  pthread_mutex_lock(&m);
  total += 1;
  pthread_mutex_unlock(&m);
  bumps++;
  return 0;
}

static void spawn(pthread_t *t) { pthread_create(t, 0, work, 0); }

int main(void) {
  pthread_t a, b, c;
  spawn(&a);
  spawn(&b);
  spawn(&c);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return total;
}
