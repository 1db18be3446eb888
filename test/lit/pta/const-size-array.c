// clang-format off
// const-size-array: `malloc(N * sizeof *w)` with a constant N is folded by
// clang to `malloc(96)`, which says nothing of the elements; the pointer's
// indexing (`w[i]`, also through the local it is kept in) says they are
// struct worker, so the allocation is an array of them (array-elements):
// `&w[i].state` is field .state of every element, not an unknown part of
// the object, and the per-element mutex protects its element's fields.
// Byte-wise indexing (`b[i]` of a char buffer, every GEP at -O2) says no
// element type: that buffer stays unknown offsets. RACY: main writes
// .state without the element's lock.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: %clang -g -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// clang-format on
#include <pthread.h>
#include <stdlib.h>
#define N 2

struct worker {
  pthread_mutex_t mutex;
  int state;
  long done;
};

static void *run(void *arg) {
  struct worker *w = arg;
  pthread_mutex_lock(&w->mutex);
  w->state = 1;
  w->done += 1;
  pthread_mutex_unlock(&w->mutex);
  return 0;
}

int main(void) {
  struct worker *workers = malloc(N * sizeof *workers);
  char *bytes = malloc(64);
  pthread_t t[N];
  for (int i = 0; i < N; ++i) {
    bytes[i] = 0;
    pthread_mutex_init(&workers[i].mutex, 0);
    pthread_create(&t[i], 0, run, &workers[i]);
  }
  for (int i = 0; i < N; ++i) {
    struct worker *w = &workers[i];
#ifndef RACY
    pthread_mutex_lock(&w->mutex);
#endif
    w->state = 2;
#ifndef RACY
    pthread_mutex_unlock(&w->mutex);
#endif
  }
  for (int i = 0; i < N; ++i)
    pthread_join(t[i], 0);
  free(bytes);
  free(workers);
  return 0;
}

// PTA-DAG: %{{[0-9]+}} in main -> {heap@const-size-array.c:36[]}
// PTA-DAG: %{{[0-9]+}} in main -> {heap@const-size-array.c:36[]+40}
// PTA-DAG: %{{[0-9]+}} in main -> {heap@const-size-array.c:37+?}
// PTA: compromise: array-elements

// CLEAN-NOT: warning

// RACE: const-size-array.c:49:14: warning: {{(possible )?}}data race on field .state of an element of the heap object allocated at const-size-array.c:36: write in thread 'main' conflicts with write in thread 'run'
