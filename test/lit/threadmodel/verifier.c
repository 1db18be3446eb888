// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// SV-COMP atomic sections: one global lock.
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int x, y;
void __VERIFIER_atomic_inc(void) { y++; }
void *worker(void *a) {
  __VERIFIER_atomic_begin();
  x++;
  __VERIFIER_atomic_end();
  __VERIFIER_atomic_inc();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  worker(0);
  return 0;
}
// CHECK-LABEL: function __VERIFIER_atomic_inc:
// CHECK-LABEL: function worker:
// CHECK-NEXT: lock <atomic section> at verifier.c:11:3
// CHECK-NEXT: read x at verifier.c:12:4
// CHECK-NEXT: write x at verifier.c:12:4
// CHECK-NEXT: unlock <atomic section> at verifier.c:13:3
// CHECK-NEXT: lock <atomic section> at verifier.c:14:3
// CHECK-NEXT: call __VERIFIER_atomic_inc at verifier.c:14:3
// CHECK-NEXT: unlock <atomic section> at verifier.c:14:3
