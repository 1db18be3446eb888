// clang-format off
// Objects from two call sites of an allocation wrapper are distinct: each
// worker's private record is no race, the record both workers share is.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

struct rec { int hits; };
static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}

struct rec *shared;
void *worker_a(void *arg) {
  struct rec *own = arg;
  own->hits++;
  shared->hits++;
  return 0;
}
void *worker_b(void *arg) {
  struct rec *own = arg;
  own->hits++;
  shared->hits++;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  shared = xmalloc(sizeof *shared);
  struct rec *a = xmalloc(sizeof *a);
  struct rec *b = xmalloc(sizeof *b);
  pthread_create(&t1, 0, worker_a, a);
  pthread_create(&t2, 0, worker_b, b);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
// CHECK: warning: {{.*}}alloc-wrapper-race.c:21:15: data race on field .hits of the heap object allocated at alloc-wrapper-race.c:33: write in thread 'worker_a' conflicts with read in thread 'worker_b'
// CHECK-NOT: data race on
