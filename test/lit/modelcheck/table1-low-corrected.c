// clang-format off
// The paper's low_corrected: the counter under one mutex. Layer 1 proves
// it, so the model checker gets no candidate and prints no verdict.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int myglobal;
pthread_mutex_t mymutex = PTHREAD_MUTEX_INITIALIZER;

void *thread_function(void *arg) {
  pthread_mutex_lock(&mymutex);
  myglobal = myglobal + 1;
  pthread_mutex_unlock(&mymutex);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, thread_function, 0);
  pthread_mutex_lock(&mymutex);
  myglobal = myglobal + 1;
  pthread_mutex_unlock(&mymutex);
  pthread_join(t, 0);
  return 0;
}

// CHECK: racesift-mc: module '{{.*}}table1-low-corrected.c'
// CHECK-NOT: myglobal
