// clang-format off
// The MHP layer (issue 22): what main does on every run before it creates
// its first thread happens before every other thread's accesses, so the
// lockset layer does not pair it. Data initialised before the threads
// that read it (directly, or in a helper called only then) is ordered; a
// write after a creation, in a loop that creates, in a helper also called
// later, or in a function a library calls back, is not (qsort calls back
// at once, so the model checker refutes that one: the MHP layer leaves to
// it what a library might do with a function pointer).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LS
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=RACES --implicit-check-not="race on"
#include <pthread.h>
#include <stdlib.h>

int config, limit, late, looped, shared_helper, in_callback;

static void init_limit(void) { limit = 10; }
static void bump(void) { shared_helper++; }
static int cmp(const void *a, const void *b) { in_callback++; return 0; }

void *worker(void *arg) {
  int v = config + limit + late + looped + shared_helper + in_callback;
  return (void *)(long)v;
}

int main(void) {
  pthread_t t[3];
  int xs[2] = {2, 1};
  config = 1;
  init_limit();
  bump();
  qsort(xs, 2, sizeof xs[0], cmp);
  for (int i = 0; i < 2; i++) {
    looped = i;
    pthread_create(&t[i], 0, worker, 0);
  }
  late = 3;
  bump();
  pthread_create(&t[2], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return 0;
}

// MHP: racesift-mhp: module 'before-threads.c'
// MHP: early functions: main init_limit
// MHP-NEXT: before any thread:
// MHP-DAG: write config at before-threads.c:31:10 in main
// MHP-DAG: write limit at before-threads.c:19:38 in init_limit
// MHP-NOT: late
// MHP-NOT: looped
// MHP-NOT: shared_helper
// MHP-NOT: in_callback

// LS: candidates:
// LS-NOT: {{^  (config|limit):}}
// LS-DAG: {{^  late:}}
// LS-DAG: {{^  looped:}}
// LS-DAG: {{^  shared_helper:}}
// LS-DAG: {{^  in_callback:}}
// LS: ordered-pairs: {{[1-9][0-9]*}}

// RACES: MHP layer: {{[1-9][0-9]*}} pairs ordered
// RACES-DAG: data race on 'late'
// RACES-DAG: data race on 'looped'
// RACES-DAG: data race on 'shared_helper'
