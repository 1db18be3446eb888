// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// fresh-init: accesses through the pointer an allocation returned, in the
// allocating function or a callee it is passed to, before the pointer can
// reach another thread, initialise a fresh object and are not modelled.
#include <pthread.h>
#include <stdlib.h>
struct S { int a, b; };
struct S *last;
void init(struct S *p) { p->a = 1; }
void *worker(void *arg) {
  struct S *p = arg;
  return (void *)(long)(p->a + p->b);
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    struct S *p = malloc(sizeof *p);
    init(p);
    p->b = 2;
    pthread_create(&t[i], 0, worker, p);
    p->b = 3;
  }
  struct S *q = malloc(sizeof *q);
  last = q;
  q->a = 4;
  return 0;
}
// CHECK-LABEL: accesses:
// CHECK-NOT: fresh-init.c:11:
// CHECK-NOT: fresh-init.c:21:
// CHECK-DAG: read p->a at fresh-init.c:14:28
// CHECK-DAG: read p->b at fresh-init.c:14:35
// CHECK-DAG: write p->b at fresh-init.c:23:10
// CHECK-DAG: write q->a at fresh-init.c:27:8
// CHECK-LABEL: data
