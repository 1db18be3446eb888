// clang-format off
// heap-once: an object allocated at a site that runs once (main's calloc,
// outside any loop) is one runtime object, so a lock in it is a lock the
// lockset layer can count as held: `sum`, guarded by ctx->lock in both
// workers, is no candidate. With PERWORKER each worker gets its own
// context from a calloc in the creation loop: two runtime objects, two
// locks, and the race on `sum` is real. In a library (main renamed to an
// exported start_pool) the callers may call it any number of times: each
// call allocates a context, so the object is not one runtime object.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LOCKSET
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -Dmain=start_pool %s -o %t.lib.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.lib.ll 2>&1 | %FileCheck %s --check-prefix=LIBMODEL
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DPERWORKER %s -o %t.pw.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.pw.ll 2>&1 | %FileCheck %s --check-prefix=PWMODEL
// RUN: %clang -g -c -DPERWORKER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// clang-format on
#include <pthread.h>
#include <stdlib.h>

struct ctx {
  pthread_mutex_t lock;
  int items;
};
long sum;

void *worker(void *p) {
  struct ctx *c = p;
  pthread_mutex_lock(&c->lock);
  c->items--;
  sum += 1;
  pthread_mutex_unlock(&c->lock);
  return 0;
}

int main(void) {
  pthread_t t[2];
#ifndef PERWORKER
  struct ctx *c = calloc(1, sizeof *c);
  pthread_mutex_init(&c->lock, 0);
  c->items = 2;
#endif
  for (int i = 0; i < 2; i++) {
#ifdef PERWORKER
    struct ctx *c = calloc(1, sizeof *c);
    pthread_mutex_init(&c->lock, 0);
    c->items = 1;
#endif
    pthread_create(&t[i], 0, worker, c);
  }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return (int)sum;
}

// MODEL: heap 'heap@heap-once.c:41' shared singleton{{$}}
// LIBMODEL: heap 'heap@heap-once.c:41' shared{{$}}
// PWMODEL: heap 'heap@heap-once.c:47' owned-per-instance-of worker{{$}}

// LOCKSET: worker: write sum at heap-once.c:33:7 holds {heap@heap-once.c:41}
// LOCKSET: candidates:
// LOCKSET-NEXT: protected-pairs:

// CLEAN-NOT: race

// RACE: heap-once.c:33:7: warning: data race on 'sum': write in thread 'worker' conflicts with read in thread 'worker'
