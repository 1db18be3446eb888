// clang-format off
// A cursor stepping over an array of structs in a loop (`c.cur++`, the
// cursor kept in memory) is a positive-weight cycle: its GEP adds any
// number of element sizes. The cycle's offset used to become AnyOffset,
// every field of the array: `c.cur->shared` also read `owner`'s target,
// and main's write of `mine` was a possible race (false). The cycle's GEP
// is now a stride of its offset, which stays in its field of an array of
// elements of that size (array-elements); an offset past the array's end
// or its field limit folds the elements too.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <pthread.h>
#include <stdlib.h>

struct item {
  int *owner;
  int *shared;
};
struct cursor {
  struct item *cur, *end;
};
static int mine, theirs;
static struct item *items;
static int n = 4;

// The cursor's element and its shared field, then what that field holds.
// PTA: %{{[0-9]+}} in worker -> {heap@iterator-cycle.c:{{[0-9]+}}[]+8}{{$}}
// PTA-NEXT: %{{[0-9]+}} in worker -> {theirs}{{$}}
// PTA-NOT: +?
static void *worker(void *arg) {
  struct cursor c = {items, items + n};
  for (; c.cur != c.end; c.cur++)
    *c.cur->shared += 1;
  return 0;
}

int main(void) {
  items = malloc(n * sizeof *items);
  for (int i = 0; i < n; i++) {
    items[i].owner = &mine;
    items[i].shared = &theirs;
  }
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#ifdef RACY
  theirs = 1;
#else
  mine = 1;
#endif
  pthread_join(t, 0);
  return 0;
}
// RACE: iterator-cycle.c:48:10: warning: data race on 'theirs': write in thread 'main' conflicts with read in thread 'worker'
// RACE: iterator-cycle.c:35:20: note: conflicting read in thread 'worker' here
