// Item 5: candidates are pairs of accesses from threads that may run at
// once: one thread template with many instances races with itself, a
// template running once does not; two atomic accesses never race; reads
// alone never race; thread-local variables are not shared.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int many_counter, once_counter, read_only = 5, atomic_counter;
__thread int tls_counter;

void *pool_worker(void *arg) {
  many_counter++;
  __atomic_fetch_add(&atomic_counter, 1, __ATOMIC_SEQ_CST);
  tls_counter++;
  return (void *)(long)read_only;
}

void *single(void *arg) {
  once_counter++;
  (void)read_only;
  return 0;
}

int main(void) {
  pthread_t t[4], s;
  pthread_create(&s, 0, single, 0);
  for (int i = 0; i < 4; ++i)
    pthread_create(&t[i], 0, pool_worker, 0);
  for (int i = 0; i < 4; ++i)
    pthread_join(t[i], 0);
  pthread_join(s, 0);
  return 0;
}

// CHECK-LABEL: candidates:
// CHECK-NOT: once_counter:
// CHECK-NOT: read_only:
// CHECK-NOT: atomic_counter:
// CHECK-NOT: tls_counter:
// CHECK: many_counter: read at pairs.c:13:{{[0-9]+}} in pool_worker {} <-> write at pairs.c:13:{{[0-9]+}} in pool_worker {}
// CHECK-NEXT: many_counter: write at pairs.c:13:{{[0-9]+}} in pool_worker {} <-> write at pairs.c:13:{{[0-9]+}} in pool_worker {}
// CHECK-NOT: once_counter:
// CHECK-NOT: read_only:
// CHECK-NOT: atomic_counter:
// CHECK-NOT: tls_counter:
// CHECK: protected-pairs: 0
