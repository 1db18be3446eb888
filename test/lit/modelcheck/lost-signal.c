// clang-format off
// A signal sent before anyone waits is lost (rule signal2): the waiter
// created afterwards blocks for ever, so its write never meets main's.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *signaller(void *arg) {
  pthread_cond_signal(&cv);
  return 0;
}

void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
  x = 1;
  return 0;
}

int main(void) {
  pthread_t s, w;
  pthread_create(&s, 0, signaller, 0);
  pthread_join(s, 0);
  pthread_create(&w, 0, waiter, 0);
  x = 2;
  return 0;
}

// CHECK: x: refuted
