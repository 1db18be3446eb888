// clang-format off
// Compromise type-based-aliasing: get() hands out one pool for two struct
// types, so every access below touches the same abstract location. The
// int write of 'count' and main's float read of 'ratio' cannot touch one
// object without undefined behaviour, so they are no pair; main's int read
// of 'count' is, and a char read (which may alias anything) is too.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN
#include <pthread.h>

struct A { int count; };
struct B { float ratio; };
static double pool[4];
static void *get(void) { return pool; }

void *worker(void *arg) {
  ((struct A *)get())->count = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  float r = ((struct B *)get())->ratio;
  int c = ((struct A *)get())->count;
  char first = *(char *)get();
  pthread_join(t, 0);
  return (int)r + c + first;
}

// CHECK-LABEL: candidates:
// CHECK-NEXT: pool: write at {{.*}}:18:{{[0-9]+}} in worker {} <-> read at {{.*}}:26:{{[0-9]+}} in main {}
// CHECK-NEXT: pool: write at {{.*}}:18:{{[0-9]+}} in worker {} <-> read at {{.*}}:27:{{[0-9]+}} in main {}
// CHECK-NEXT: protected-pairs: 0

// Both racing pairs are reported, each with its own interleaving.
// WARN: type-based-aliasing.c:18:{{[0-9]+}}: warning: data race on 'pool'
// WARN: type-based-aliasing.c:26:{{[0-9]+}}: note: conflicting read in thread 'main' here
// WARN: type-based-aliasing.c:18:{{[0-9]+}}: warning: data race on 'pool'
// WARN: type-based-aliasing.c:27:{{[0-9]+}}: note: conflicting read in thread 'main' here
// WARN-NOT: warning: {{.*}}data race
