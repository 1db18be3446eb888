// clang-format off
// The paper's low_readwrite: readers hold one of two locks, writers both,
// so every write excludes every read and every other write.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int shared;
pthread_mutex_t l1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t l2 = PTHREAD_MUTEX_INITIALIZER;

void *reader1(void *arg) {
  pthread_mutex_lock(&l1);
  int v = shared;
  pthread_mutex_unlock(&l1);
  return (void *)(long)v;
}

void *reader2(void *arg) {
  pthread_mutex_lock(&l2);
  int v = shared;
  pthread_mutex_unlock(&l2);
  return (void *)(long)v;
}

void *writer(void *arg) {
  pthread_mutex_lock(&l1);
  pthread_mutex_lock(&l2);
  shared = shared + 1;
  pthread_mutex_unlock(&l2);
  pthread_mutex_unlock(&l1);
  return 0;
}

int main(void) {
  pthread_t r1, r2, w;
  pthread_create(&r1, 0, reader1, 0);
  pthread_create(&r2, 0, reader2, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(r1, 0);
  pthread_join(r2, 0);
  pthread_join(w, 0);
  return 0;
}

// CHECK: racesift-mc: module '{{.*}}table1-low-readwrite.c'
// CHECK-NOT: shared: race
// CHECK-NOT: shared: unknown
