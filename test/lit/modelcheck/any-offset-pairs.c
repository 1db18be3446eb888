// A location at an unknown offset (what `((int *)p)[k]` touches) pairs each
// access with the accesses that may touch the same address, not two
// accesses at different fields that each touch the object: t1's write of .a
// and t2's read of .b never race, though both race with t3's write at k.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN
#include <pthread.h>
#include <stdlib.h>

struct pair {
  int a;
  int b;
};
struct pair *p;
int sink, k;

void *t1(void *arg) {
  p->a = 1;
  return arg;
}

void *t2(void *arg) {
  sink = p->b;
  return arg;
}

void *t3(void *arg) {
  ((int *)p)[k] = 0;
  return arg;
}

void *t4(void *arg) {
  sink = ((int *)p)[k];
  return arg;
}

int main(void) {
  pthread_t x, y, z, w;
  p = malloc(sizeof *p);
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_create(&z, 0, t3, 0);
  pthread_create(&w, 0, t4, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  pthread_join(z, 0);
  pthread_join(w, 0);
  free(p);
  return 0;
}


// The first race at the unknown offset pairs t1 with t3, not with t2.
// CHECK: heap@any-offset-pairs.c:40+?: race
// CHECK-NEXT: first: t1 write p->a at {{.*}}any-offset-pairs.c:19:{{[0-9]+}}
// CHECK-NEXT: second: t3 write p[] at {{.*}}any-offset-pairs.c:29:{{[0-9]+}}
// WARN-NOT: in thread 't1' conflicts with read in thread 't2'
// WARN-DAG: any-offset-pairs.c:19:{{[0-9]+}}: warning: data race on an unknown part of the heap object allocated at any-offset-pairs.c:40: write in thread 't1' conflicts with write in thread 't3'
// WARN-DAG: any-offset-pairs.c:29:{{[0-9]+}}: warning: data race on an element of the heap object allocated at any-offset-pairs.c:40: write in thread 't3' conflicts with read in thread 't4'
// WARN-NOT: in thread 't1' conflicts with read in thread 't2'
