// clang-format off
// A struct of pointers passed by value: clang passes `struct pair` as two
// pointer arguments and stores them into the callee's copy through a GEP
// of the literal type { ptr, ptr }; a struct of three is passed in memory
// (byval). The literal view fitted no declared struct before
// (type-incompatible-field), so p.b in bump() reached nothing and the race
// on y was missed. Race-free variant: main writes after the join.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -c -DJOINED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
#include <pthread.h>

struct pair {
  int *a, *b;
};
struct triple {
  int *a, *b, *c;
};
static int x, y, z;

// bump's arguments, then its copy of p: p.b as loaded for `*p.b`; bump3's
// q.c, through the byval copy.
// PTA: %0 in bump -> {x}{{$}}
// PTA-NEXT: %1 in bump -> {y}{{$}}
// PTA: %{{[0-9]+}} in bump -> {p+8}{{$}}
// PTA-NEXT: %{{[0-9]+}} in bump -> {p+8}{{$}}
// PTA-NEXT: %{{[0-9]+}} in bump -> {y}{{$}}
// PTA: %{{[0-9]+}} in bump3 -> {q+16}{{$}}
// PTA-NEXT: %{{[0-9]+}} in bump3 -> {z}{{$}}
static void bump(struct pair p) { *p.b += 1; }
static void bump3(struct triple q) { *q.c += 1; }

static void *worker(void *arg) {
  struct pair p = {&x, &y};
  bump(p);
  struct triple q = {&x, &x, &z};
  bump3(q);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#ifndef JOINED
  y = 5;
  z = 6;
#endif
  pthread_join(t, 0);
  y = 7;
  return 0;
}
// RACE: aggregate-arguments.c:46:5: warning: data race on 'y': write in thread 'main' conflicts with read in thread 'worker'
// RACE: aggregate-arguments.c:31:40: note: conflicting read in thread 'worker' here
// RACE: aggregate-arguments.c:47:5: warning: data race on 'z': write in thread 'main' conflicts with read in thread 'worker'
// RACE: aggregate-arguments.c:32:43: note: conflicting read in thread 'worker' here
