// A local pointer first aimed at the thread's own buffer, written without
// the lock, then at the shared counter, written under it (slot-ssa in
// docs/design-threadmodel.md). With the variable's stores merged, the
// unlocked write could reach the counter and the counter would be a
// candidate; promoted to SSA values, it reaches the buffer only.
// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// clang-format on
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *worker(void *arg) {
  (void)arg;
  int *p = malloc(sizeof(int));
  *p = 0;
  free(p);
  p = &counter;
  pthread_mutex_lock(&m);
  *p += 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write *p at slot-ssa.c:19:{{[0-9]+}} holds {}
// CHECK-DAG: worker: write *p at slot-ssa.c:23:{{[0-9]+}} holds {m}
// The buffer is one object for both workers (one allocation site).
// CHECK-LABEL: candidates:
// CHECK-NOT: counter
// CHECK: heap@slot-ssa.c:18: write at slot-ssa.c:19:{{[0-9]+}} in worker {} <-> write at slot-ssa.c:19:{{[0-9]+}} in worker {}
// CHECK-NOT: counter
// CHECK: protected-pairs:
