// clang-format off
// type-based-aliasing stops at unions: C lets a union's members pun each
// other, so an int write and a float read of one union's bytes race. The
// rule holds elsewhere: 'pool' below is merged (get() hands it out as two
// struct types) and its int write and float read still do not pair. The
// union is found from debug info (a global, a pointer to a union), from a
// GEP through a union member (a heap struct's anonymous union) and, without
// debug info, from the IR types.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %clang -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NODEBUG
#include <pthread.h>
#include <stdlib.h>

static union { int i; float f; } val;
union num { long i; double d; };
static union num shared;
struct msg { int tag; union { int i; float f; } u; };
struct A { int count; };
struct B { float ratio; };
static double pool[4];
static void *get(void) { return pool; }
static struct msg *box;

void *worker(void *arg) {
  union num *n = arg;
  val.i = 42;
  n->i = 7;
  box->u.i = 1;
  ((struct A *)get())->count = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  box = calloc(1, sizeof *box);
  pthread_create(&t, 0, worker, &shared);
  float a = val.f;
  double b = shared.d;
  float c = box->u.f;
  float r = ((struct B *)get())->ratio;
  pthread_join(t, 0);
  return (int)(a + b + c + r);
}

// CHECK-LABEL: candidates:
// CHECK-DAG: val: write at {{.*}}:28:9 in worker {} <-> read at {{.*}}:39:17 in main {}
// CHECK-DAG: shared: write at {{.*}}:29:8 in worker {} <-> read at {{.*}}:40:21 in main {}
// CHECK-DAG: {{.*}}: write at {{.*}}:30:12 in worker {} <-> read at {{.*}}:41:20 in main {}
// CHECK-NOT: pool:
// CHECK: protected-pairs: 0

// WARN-DAG: union-punning.c:28:9: warning: data race on 'val': write in thread 'worker' conflicts with read in thread 'main'
// WARN-DAG: union-punning.c:29:8: warning: data race on 'shared': write in thread 'worker' conflicts with read in thread 'main'
// WARN-DAG: union-punning.c:30:12: warning: data race on field .u of the heap object allocated at union-punning.c:37: write in thread 'worker' conflicts with read in thread 'main'
// WARN-NOT: pool

// Without line numbers the three pairs are one pair of functions: one
// warning that names the other two locations.
// NODEBUG: warning: data race on 'val': write in thread 'worker' in function 'worker' conflicts with read in thread 'main' in function 'main'
// NODEBUG: note: the same two accesses also touch 2 other location(s): 'shared', 'heap@main+4'
// NODEBUG-NOT: warning: {{.*}}data race
