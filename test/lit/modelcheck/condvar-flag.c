// clang-format off
// Condition-variable hand-off guarded by a ready flag: the flag is tracked,
// the wait releases and re-takes the mutex, and the read of data after the
// loop is ordered after the producer's write. Without the flag loop the
// consumer may pass on a spurious wake-up (option), which is a race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int data;
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *producer(void *arg) {
  data = 42;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  pthread_mutex_lock(&m);
  while (ready == 0)
    pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
  int v = data;
  pthread_join(t, 0);
  return v;
}

// CHECK: racesift-mc: module
// CHECK: data: refuted
