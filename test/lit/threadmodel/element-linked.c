// clang-format off
// element-linked: thread i's argument element holds a pointer to its own
// result slot (`jobs[i].slot = &results[i]`, then &jobs[i] handed over),
// as thread pools with per-thread output arrays do. The creator stores
// &R[i] with the counter of &A[i] into the element's pointer field, every
// pointer the module stores into A is such a store, and the worker only
// dereferences the field within one element of R: R is owned per instance
// too. Before, two workers' `*j->slot = s` was a possible race (the replay
// ran out of steps in the loop before it; a probe, TSan 0/3). A link that
// breaks a condition leaves R to the model checker: a slot shared by every
// job (-DSHARED_SLOT) is a race, and so is a worker that also writes the
// next slot through the pointer (-DNEIGHBOUR).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSHARED_SLOT %s -o %t.shared.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.shared.ll 2>&1 | %FileCheck %s --check-prefix=SHAREDMODEL
// RUN: %clang -g -O0 -c -DSHARED_SLOT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SHARED --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DNEIGHBOUR %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NEIGHBOUR --implicit-check-not='warning: data race'
//
// MODEL-LABEL: objects:
// MODEL-DAG: heap 'heap@element-linked.c:[[#@LINE+34]]' shared singleton owned-per-instance-of worker
// MODEL-DAG: heap 'heap@element-linked.c:[[#@LINE+34]]' shared singleton owned-per-instance-of worker
// SHAREDMODEL-LABEL: objects:
// SHAREDMODEL-DAG: heap 'heap@element-linked.c:[[#@LINE+31]]' shared singleton{{$}}
// SHAREDMODEL-DAG: heap 'heap@element-linked.c:[[#@LINE+31]]' shared singleton owned-per-instance-of worker
// CHECK-NOT: warning
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
  int id, count;
  long *slot;
};

static void *worker(void *arg) {
  struct job *j = arg;
  long s = 0;
  for (int i = 0; i < j->count; i++)
    s += (long)j->id * i;
  // SHARED: element-linked.c:[[#@LINE+4]]:12: warning: data race on an element of the heap object allocated at element-linked.c:[[#@LINE+14]]: write in thread 'worker' conflicts with write in thread 'worker'
  // SHARED: element-linked.c:[[#@LINE+3]]:12: note: conflicting write in thread 'worker' here
  // NEIGHBOUR: element-linked.c:[[#@LINE+4]]:14: warning: data race on {{.*}}heap object allocated at element-linked.c:[[#@LINE+12]]: write in thread 'worker' conflicts with write in thread 'worker'
  // NEIGHBOUR: element-linked.c:[[#@LINE+1]]:12: note: conflicting write in thread 'worker' here
  *j->slot = s;
#ifdef NEIGHBOUR
  j->slot[1] = 0;
#endif
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  pthread_t *tids = malloc(n * sizeof *tids);
  long *results = calloc(n, sizeof *results);
  struct job *jobs = malloc(n * sizeof *jobs);
  if (!tids || !results || !jobs)
    return 1;
  for (int i = 0; i < n; i++) {
    jobs[i].id = i;
    jobs[i].count = 100;
#ifdef SHARED_SLOT
    jobs[i].slot = &results[0];
#else
    jobs[i].slot = &results[i];
#endif
    pthread_create(&tids[i], NULL, worker, &jobs[i]);
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    pthread_join(tids[i], NULL);
  for (int i = 0; i < n; i++)
    sum += results[i];
  printf("%ld\n", sum);
  free(jobs);
  free(results);
  free(tids);
  return 0;
}
