// A dispatcher that calls its callback with its context argument (the
// thread-pool and foreach idiom, callback-argument in
// docs/design-threadmodel.md): each call site's context reaches only the
// callback that call site passes. Each thread registers its own counter
// through the one dispatcher and writes it through its own slot, so
// neither counter is a candidate; with the contexts merged, each slot
// would point to both counters and both would be. (The dispatcher's
// callees are still all the callbacks in every thread, so the slots
// themselves are candidates.)
// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// clang-format on
#include <pthread.h>

typedef void (*task_fn)(void *);

static void run_task(task_fn fn, void *ctx) { fn(ctx); }

int main_count, worker_count;
int *main_slot, *worker_slot;

static void register_main(void *ctx) { main_slot = ctx; }
static void register_worker(void *ctx) { worker_slot = ctx; }

static void *worker(void *arg) {
  (void)arg;
  run_task(register_worker, &worker_count);
  *worker_slot = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  run_task(register_main, &main_count);
  pthread_create(&t, 0, worker, 0);
  *main_slot = 2;
  pthread_join(t, 0);
  return main_count;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write *worker_slot at callback-argument.c:29:{{[0-9]+}} holds {}
// CHECK-DAG: main: write *main_slot at callback-argument.c:37:{{[0-9]+}} holds {}
// CHECK-LABEL: candidates:
// CHECK-NOT: _count:
// CHECK: main_slot:
// CHECK-NOT: _count:
// CHECK: protected-pairs: 0
