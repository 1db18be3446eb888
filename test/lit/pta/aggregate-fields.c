// clang-format off
// Rule aggregate-fields: a struct of two pointers returned by value is
// `load { ptr, ptr }`, `ret` and `extractvalue` at -O0. One node per
// aggregate, loaded and stored at its first byte, lost the second field
// (p.b pointed to {x}, the first field's object) and a literal `{ ptr, ptr
// }` view fitted no declared struct (the caller's copy of p.b reached
// nothing): the race on y through p.b was missed.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// Race-free: main writes y only after the join.
// RUN: %clang -g -c -DJOINED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
#include <pthread.h>

struct pair {
  int *a, *b;
};
static int x, y;

static struct pair mk(void) {
  struct pair p = {&x, &y};
  return p;
}

// The caller's fields (extractvalue 0 and 1), then p.b as loaded for
// `*p.b`; the whole returned value (the callee's load) holds both.
// PTA: %{{[0-9]+}} in worker -> {x}{{$}}
// PTA-NEXT: %{{[0-9]+}} in worker -> {p+8}{{$}}
// PTA-NEXT: %{{[0-9]+}} in worker -> {y}{{$}}
// PTA-NEXT: %{{[0-9]+}} in worker -> {p+8}{{$}}
// PTA-NEXT: %{{[0-9]+}} in worker -> {y}{{$}}
// PTA: %{{[0-9]+}} in mk -> {x, y}
static void *worker(void *arg) {
  struct pair p = mk();
  *p.b += 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#ifndef JOINED
  y = 5;
#endif
  pthread_join(t, 0);
#ifdef JOINED
  y = 5;
#endif
  return 0;
}
// RACE: aggregate-fields.c:43:5: warning: data race on 'y': write in thread 'main' conflicts with read in thread 'worker'
// RACE: aggregate-fields.c:35:8: note: conflicting read in thread 'worker' here
