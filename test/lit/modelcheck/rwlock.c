// clang-format off
// rdlock/wrlock: two readers share the lock, a writer excludes readers.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int table, stats;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

void *reader(void *arg) {
  pthread_rwlock_rdlock(&rw);
  int v = table;
  stats = v; // A write under a shared hold: readers race on it.
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, reader, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_rwlock_wrlock(&rw);
  table = 1;
  pthread_rwlock_unlock(&rw);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// CHECK-NOT: table: race
// CHECK: stats: race
// CHECK: witness:
// CHECK: reader#{{[12]}}: rdlock rw
// CHECK: reader#{{[12]}}: rdlock rw
// CHECK: reader#{{[12]}}: write stats
// CHECK-NEXT: reader#{{[12]}}: write stats
