// clang-format off
// array-elements: an array indexed at a variable position is one abstract
// element whose fields stay apart: `&workers[i].state` is field .state of
// every element, not "somewhere in the array". So a per-worker mutex in a
// heap array of worker structs (calloc(n, sizeof *w)) is a lock at a known
// field, held relative to the element's address, and it protects that
// element's fields in the worker (through its parameter) and in main
// (through `struct worker *w = &workers[i]`). The lock is never one
// runtime lock (ThreadModel::isOneRuntimeObject): two workers hold two
// elements' locks. An array only ever indexed by constants keeps its
// elements apart (cells[0] and cells[1] do not meet). RACY: main writes
// .state without the element's lock.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LOCKSET
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: %clang -g -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// clang-format on
#include <pthread.h>
#include <stdlib.h>

struct worker {
  pthread_mutex_t mutex;
  int state;
  long done;
};

struct cell {
  int a;
  int b;
};
struct cell cells[2];

static void *run(void *arg) {
  struct worker *w = arg;
  pthread_mutex_lock(&w->mutex);
  w->state = 1;
  w->done += 1;
  pthread_mutex_unlock(&w->mutex);
  return 0;
}

static void *first(void *arg) {
  cells[0].a = 1;
  return 0;
}

static void *second(void *arg) {
  cells[1].a = 2;
  return 0;
}

int main(int argc, char **argv) {
  int n = argc + 1;
  struct worker *workers = calloc(n, sizeof *workers);
  pthread_t *t = calloc(n, sizeof *t);
  pthread_t c0, c1;
  pthread_create(&c0, 0, first, 0);
  pthread_create(&c1, 0, second, 0);
  for (int i = 0; i < n; ++i) {
    pthread_mutex_init(&workers[i].mutex, 0);
    pthread_create(&t[i], 0, run, &workers[i]);
  }
  for (int i = 0; i < n; ++i) {
    struct worker *w = &workers[i];
#ifndef RACY
    pthread_mutex_lock(&w->mutex);
#endif
    w->state = 2;
#ifndef RACY
    pthread_mutex_unlock(&w->mutex);
#endif
  }
  for (int i = 0; i < n; ++i)
    pthread_join(t[i], 0);
  pthread_join(c0, 0);
  pthread_join(c1, 0);
  return 0;
}

// The element's fields: the mutex at offset 0, .state at 40 of every
// element; the handles' array folds too.
// PTA-DAG: %{{[0-9]+}} in main -> {heap@array-elements.c:55[]}
// PTA-DAG: %{{[0-9]+}} in main -> {heap@array-elements.c:55[]+40}
// PTA-DAG: %{{[0-9]+}} in main -> {heap@array-elements.c:56[]}
// PTA: compromise: array-elements

// LOCKSET-LABEL: contexts:
// LOCKSET-DAG: run: write w->state at array-elements.c:37:12 holds {heap@array-elements.c:55[]}
// LOCKSET-DAG: main: write w->state at array-elements.c:69:14 holds {heap@array-elements.c:55[]}
// LOCKSET-DAG: first: write cells[].a at array-elements.c:44:14 holds {}
// LOCKSET-LABEL: candidates:
// LOCKSET-NOT: state
// LOCKSET-NOT: cells
// LOCKSET: protected-pairs:

// CLEAN-NOT: warning

// RACE: array-elements.c:69:14: warning: {{(possible )?}}data race on field .state of an element of the heap object allocated at array-elements.c:55: write in thread 'main' conflicts with write in thread 'run'
// RACE-NOT: cells
