// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// Atomic and volatile accesses.
#include <pthread.h>
#include <stdatomic.h>
atomic_int a;
int c;
volatile int v;
void *worker(void *arg) {
  atomic_fetch_add(&a, 1);
  atomic_store(&a, 2);
  int r = atomic_load(&a);
  __sync_fetch_and_add(&c, 1);
  r += __atomic_fetch_add(&c, 0, __ATOMIC_SEQ_CST) + __sync_fetch_and_or(&c, 0);
  v = r;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_create(&t, 0, worker, 0);
  return 0;
}

// atomicrmw, C11 atomic_store/atomic_load and __sync_* are atomic;
// volatile is not. An atomic add or or of zero (an atomic get, even through
// a temporary at -O0) is a read.
// CHECK-LABEL: accesses:
// CHECK-NEXT: atomic write a at atomics.c:11:3 objects {a}
// CHECK-NEXT: atomic write a at atomics.c:12:3 objects {a}
// CHECK-NEXT: atomic read a at atomics.c:13:11 objects {a}
// CHECK-NEXT: atomic write c at atomics.c:14:3 objects {c}
// CHECK-NEXT: atomic read c at atomics.c:15:8 objects {c}
// CHECK-NEXT: atomic read c at atomics.c:15:54 objects {c}
// CHECK-NEXT: {{A[0-9]+}} write v at atomics.c:16:5 objects {v}
