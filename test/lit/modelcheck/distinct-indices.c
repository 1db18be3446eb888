// clang-format off
// distinct-indices: the instances of one creation site whose counter never
// repeats hold different index values, so accesses at their own index
// whose byte windows one index step covers never meet: such a location is
// refuted without a search (a worker that loops over its own element made
// the search run out of states). The index may be a field of a struct
// argument (`args[i].id = i`, `a->id`), in a global or a heap array that
// is freed after the joins. A creator that runs twice, an index the
// creator writes again, or two elements per instance are still searched
// and race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not='warning:'
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.racy.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=RACYMODEL
// RUN: %clang -g -c -DRACY %s -o %t.racy.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
#include <pthread.h>
#include <stdlib.h>
#define N 3

struct targ {
  long *out;
  int id;
  int n;
};

#ifndef RACY
// A field of a global array of arguments; the worker loops.
long results[N];
struct targ args[N];
void *sum(void *p) {
  struct targ *a = p;
  for (int k = 0; k < a->n; ++k)
    results[a->id] += k;
  return 0;
}

// The index copied into a local, the arguments on the heap.
double partial[N];
void *heap_worker(void *p) {
  struct targ *a = p;
  int id = a->id;
  for (int k = 0; k < a->n; ++k)
    partial[id] += k;
  return 0;
}

int main(void) {
  pthread_t t[N], u[N];
  for (int i = 0; i < N; ++i) {
    args[i].n = 100;
    args[i].id = i;
    args[i].out = results;
    pthread_create(&t[i], 0, sum, &args[i]);
  }
  struct targ *h = malloc(N * sizeof *h);
  for (int i = 0; i < N; ++i) {
    h[i].n = 10;
    h[i].id = i;
    pthread_create(&u[i], 0, heap_worker, &h[i]);
  }
  for (int i = 0; i < N; ++i) {
    pthread_join(t[i], 0);
    pthread_join(u[i], 0);
  }
  free(h);
  return 0;
}

// MODEL: write results[] at distinct-indices.c:35:20 objects {results[]} at 8*V[[SUM:[0-9]+]]+[0,8)
// MODEL: write partial[] at distinct-indices.c:45:17 objects {partial[]} at 8*V[[HEAP:[0-9]+]]+[0,8)
// MODEL: data V[[SUM]] *(arg+8)@sum thread-index distinct
// MODEL: data V[[HEAP]] *(arg+8)@heap_worker thread-index distinct
// MC: results[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// MC: partial[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// OK-NOT: data race

#else
// The creator runs twice: both runs hand out the same indices.
long twice[N];
void *twice_worker(void *p) {
  twice[(long)p] += 1;
  return 0;
}
void spawn(pthread_t *t) {
  for (long i = 0; i < N; ++i)
    pthread_create(&t[i], 0, twice_worker, (void *)i);
}

// The creator writes an index again: instances 0 and 1 both get 1.
long again[N];
struct targ rewritten[N];
void *again_worker(void *p) {
  struct targ *a = p;
  again[a->id] += 1;
  return 0;
}

// Each instance writes its own element and reads the next.
long pairs[N + 1];
struct targ own[N];
void *pair_worker(void *p) {
  struct targ *a = p;
  pairs[a->id] = pairs[a->id + 1];
  return 0;
}

int main(void) {
  pthread_t t[N], u[N], v[N], w[N];
  spawn(t);
  spawn(u);
  for (int i = 0; i < N; ++i) {
    rewritten[i].id = i;
    rewritten[0].id = 1;
    pthread_create(&v[i], 0, again_worker, &rewritten[i]);
  }
  for (int i = 0; i < N; ++i) {
    own[i].id = i;
    pthread_create(&w[i], 0, pair_worker, &own[i]);
  }
  for (int i = 0; i < N; ++i) {
    pthread_join(t[i], 0);
    pthread_join(u[i], 0);
    pthread_join(v[i], 0);
    pthread_join(w[i], 0);
  }
  return 0;
}

// RACYMODEL: data V{{[0-9]+}} *(arg+8)@pair_worker thread-index distinct
// RACYMODEL: data V{{[0-9]+}} arg@twice_worker thread-index{{$}}
// RACY: distinct-indices.c:83:18: warning: data race on 'twice[]': write in thread 'twice_worker' conflicts with read in thread 'twice_worker'
// RACY: distinct-indices.c:96:16: warning: data race on 'again[]': write in thread 'again_worker' conflicts with read in thread 'again_worker'
// RACY: distinct-indices.c:105:16: warning: data race on 'pairs[]': write in thread 'pair_worker' conflicts with read in thread 'pair_worker'
// RACY: distinct-indices.c:115:21: warning: data race on 'rewritten[].id': write in thread 'main' conflicts with read in thread 'again_worker'
#endif
