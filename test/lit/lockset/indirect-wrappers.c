// Item 4: relative locks through indirect calls (the SQLite mutex idiom).
// mutex_enter(p) calls the enter method of a table of function pointers,
// which locks &p->mutex; the caller passes &d->mu, so the lock is
// d->mu.mutex, relative to d, and protects d->count. The callees the thread
// model resolves for an indirect call are met: a table that may also hold
// a method that does not lock (noop_enter) holds nothing, so d->hits races.
// A wrapper that tests its pointer before the call ('if (p)') holds nothing
// either: the path that skips the call is met too (null-guarded-wrapper in
// docs/design-lockset.md).
// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// clang-format on
#include <pthread.h>
#include <stdlib.h>

typedef struct mutex {
  pthread_mutex_t mutex;
  int id;
} mutex;

struct methods {
  void (*enter)(mutex *);
  void (*leave)(mutex *);
};

static void pthread_enter(mutex *p) { pthread_mutex_lock(&p->mutex); }
static void pthread_leave(mutex *p) { pthread_mutex_unlock(&p->mutex); }
static void noop_enter(mutex *p) { (void)p; }
static void noop_leave(mutex *p) { (void)p; }

static const struct methods pthread_methods = {pthread_enter, pthread_leave};
static const struct methods noop_methods = {noop_enter, noop_leave};

struct config {
  int core;
  struct methods m;
};
struct config cfg, maybe_noop_cfg;

void mutex_enter(mutex *p) { cfg.m.enter(p); }
void mutex_leave(mutex *p) { cfg.m.leave(p); }
void maybe_enter(mutex *p) { maybe_noop_cfg.m.enter(p); }
void maybe_leave(mutex *p) { maybe_noop_cfg.m.leave(p); }
void checked_enter(mutex *p) {
  if (p)
    cfg.m.enter(p);
}
void checked_leave(mutex *p) {
  if (p)
    cfg.m.leave(p);
}

struct db {
  mutex mu;
  int count;
  int hits;
  int checked;
};

void *worker(void *arg) {
  struct db *d = arg;
  mutex_enter(&d->mu);
  d->count++;
  mutex_leave(&d->mu);
  maybe_enter(&d->mu);
  d->hits++;
  maybe_leave(&d->mu);
  checked_enter(&d->mu);
  d->checked++;
  checked_leave(&d->mu);
  return 0;
}

int main(int argc, char **argv) {
  (void)argv;
  cfg.m = pthread_methods;
  maybe_noop_cfg.m = argc > 1 ? noop_methods : pthread_methods;
  struct db *d = malloc(sizeof *d);
  pthread_mutex_init(&d->mu.mutex, 0);
  pthread_t t[2];
  for (int k = 0; k < 2; ++k)
    pthread_create(&t[k], 0, worker, d);
  for (int k = 0; k < 2; ++k)
    pthread_join(t[k], 0);
  return 0;
}

// clang-format off
// CHECK-LABEL: contexts:
// CHECK-DAG: worker: read d->count at indirect-wrappers.c:64:{{[0-9]+}} holds {heap@indirect-wrappers.c:79}
// CHECK-DAG: worker: write d->count at indirect-wrappers.c:64:{{[0-9]+}} holds {heap@indirect-wrappers.c:79}
// CHECK-DAG: worker: write d->hits at indirect-wrappers.c:67:{{[0-9]+}} holds {}
// CHECK-DAG: worker: write d->checked at indirect-wrappers.c:70:{{[0-9]+}} holds {}
// CHECK-LABEL: candidates:
// CHECK-NOT: at indirect-wrappers.c:64:
// CHECK: heap@indirect-wrappers.c:79+52: read at indirect-wrappers.c:67:{{[0-9]+}} in worker {} <-> write at indirect-wrappers.c:67:{{[0-9]+}} in worker {}
// CHECK-NEXT: heap@indirect-wrappers.c:79+52: write at indirect-wrappers.c:67:{{[0-9]+}} in worker {} <-> write at indirect-wrappers.c:67:{{[0-9]+}} in worker {}
// CHECK-NEXT: heap@indirect-wrappers.c:79+56: read at indirect-wrappers.c:70:{{[0-9]+}} in worker {} <-> write at indirect-wrappers.c:70:{{[0-9]+}} in worker {}
// CHECK-NEXT: heap@indirect-wrappers.c:79+56: write at indirect-wrappers.c:70:{{[0-9]+}} in worker {} <-> write at indirect-wrappers.c:70:{{[0-9]+}} in worker {}
// CHECK-NOT: at indirect-wrappers.c:64:
// CHECK: protected-pairs: 2
