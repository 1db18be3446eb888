// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// Abstract objects and named accesses.
#include <pthread.h>
#include <stdlib.h>
struct S { int count; int f; };
int x;
struct S s;
__thread int tl;
void *worker(void *arg) {
  struct S *p = arg;
  p->count = 1;
  x = 2;
  s.f = 3;
  tl = 4;
  return 0;
}
void *user(void *arg) {
  int *q = arg;
  *q = 5;
  return 0;
}
int main(void) {
  struct S *h = malloc(sizeof *h);
  int priv = 0, esc = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, h);
  pthread_create(&t2, 0, user, &esc);
  priv++;
  x = priv;
  s.f = esc;
  return 0;
}

// Globals are shared; __thread and non-escaping locals are not modelled;
// an escaping local is shared; a heap site is named by its line.
// CHECK-LABEL: objects:
// CHECK-DAG:  global 'x' shared singleton
// CHECK-DAG:  global 's' shared singleton
// CHECK-DAG:  stack 'esc' shared
// CHECK-DAG:  heap 'heap@objects.c:25'
// CHECK-NOT:  'tl'
// CHECK-NOT:  'priv'
// CHECK-LABEL: accesses:
// CHECK-NEXT: write p->count at objects.c:13:12 objects {heap@objects.c:25}
// CHECK-NEXT: write x at objects.c:14:5 objects {x}
// CHECK-NEXT: write s.f at objects.c:15:7 objects {s.f}
// CHECK-NEXT: write *q at objects.c:21:6 objects {esc}
// CHECK-NEXT: write esc at objects.c:26:17 objects {esc}
// CHECK-NEXT: write x at objects.c:31:5 objects {x}
// CHECK-NEXT: read esc at objects.c:32:9 objects {esc}
// CHECK-NEXT: write s.f at objects.c:32:7 objects {s.f}
// CHECK-NOT: objects.c:16
// CHECK-NOT: priv
