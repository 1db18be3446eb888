// clang-format off
// A heap object published through a C11 atomic pointer. Clang lowers
// atomics on `_Atomic(T *)` at -O0 to integer operations through a
// temporary, and the points-to analysis lost the pointer there: the
// object was shared with no thread, and every race on it was missed
// (rule atomic-pointer-integer). And the writes that fill the object
// before it is published were taken as initialisation no other thread can
// race with (fresh-init); a relaxed store (or exchange) orders nothing
// before the reader's accesses, so they race. A release store publishes
// safely (RELEASE); a write after it races (AFTER).
// RUN: %clang -g -O0 -c -DORDER=memory_order_relaxed %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RELAXED
// RUN: %clang -g -O0 -c -DORDER=memory_order_release %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=RELEASE
// RUN: %clang -g -O0 -c -DORDER=memory_order_release -DAFTER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=AFTER
// RUN: %clang -g -O0 -c -DORDER=memory_order_relaxed -DXCHG %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RELAXED
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DORDER=memory_order_release %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
//
// RELAXED: atomic-pointer-publish.c:[[#@LINE+18]]:9: warning: data race on field .id of the heap object allocated at atomic-pointer-publish.c:[[#@LINE+17]]: write in thread 'producer' conflicts with read in thread 'consumer'
// RELEASE-NOT: warning
// AFTER: atomic-pointer-publish.c:[[#@LINE+23]]:9: warning: data race on field .id of the heap object allocated at atomic-pointer-publish.c:[[#@LINE+15]]: write in thread 'producer' conflicts with read in thread 'consumer'
// The reader's pointer, loaded back from the atomic load's temporary.
// PTA: in consumer -> {heap@atomic-pointer-publish.c:[[#@LINE+13]]}
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct msg {
  int id;
};

static _Atomic(struct msg *) mailbox;
static int seen;

static void *producer(void *arg) {
  struct msg *m = malloc(sizeof *m);
  m->id = 42;
#ifdef XCHG
  atomic_exchange_explicit(&mailbox, m, ORDER);
#else
  atomic_store_explicit(&mailbox, m, ORDER);
#endif
#ifdef AFTER
  m->id = 43;
#endif
  return arg;
}

static void *consumer(void *arg) {
  struct msg *m;
  while (!(m = atomic_load_explicit(&mailbox, memory_order_acquire)))
    ;
  seen = m->id;
  return arg;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return seen;
}
