// clang-format off
// Heap objects allocated per instance: an object a thread allocates and
// never lets go (allocated-per-instance), and one the creating loop
// allocates and hands to that iteration's thread only (instance-owned;
// free does not let the object go), are touched by one instance each.
// An object stored into a global, kept and written by the creator after
// the creation, or handed to two threads still races.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC --implicit-check-not=': race'
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning
// RUN: %clang -g -c -DRACY %s -o %t.racy.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning
#include <pthread.h>
#include <stdlib.h>
#define N 2

#ifndef RACY
// Allocated, used and freed by each instance (mymalloc.c). What `mine`
// does itself initialises a fresh object (fresh-init); `get` is also
// given another object, so its read stays an access.
int g0;
int get(const int *q) { return *q; }
void *mine(void *a) {
  int *p = malloc(sizeof *p);
  *p = 1;
  int r = get(p);
  free(p);
  return (void *)(long)r;
}

// Handed over by the creating loop, one job per thread (handover.c).
struct job { int n; };
void *run_job(void *a) {
  struct job *j = a;
  j->n++;
  free(j);
  return 0;
}

int main(void) {
  pthread_t t[N], u[N];
  int g = get(&g0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, mine, 0);
  for (int i = 0; i < N; i++) {
    struct job *j = malloc(sizeof *j);
    j->n = i;
    pthread_create(&u[i], 0, run_job, j);
  }
  for (int i = 0; i < N; i++) {
    pthread_join(t[i], 0);
    pthread_join(u[i], 0);
  }
  return g;
}
// MODEL: heap 'heap@per-instance-heap.c:24' shared owned-per-instance-of mine
// MODEL: heap 'heap@per-instance-heap.c:46' owned-per-instance-of run_job
// MC: racesift-mc: module
// OK-NOT: warning

#else
// Stored into a global: another instance reads it.
int *last;
void *publish(void *a) {
  int *p = malloc(sizeof *p);
  last = p;
  *p = 1;
  return (void *)(long)*last;
}

// Kept and written by the creator after the creation.
struct job { int n; };
void *run_kept(void *a) {
  struct job *j = a;
  j->n++;
  return 0;
}

// One job for two threads.
void *run_shared(void *a) {
  struct job *j = a;
  j->n++;
  return 0;
}

int main(void) {
  pthread_t t[N], u[N], v[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, publish, 0);
  for (int i = 0; i < N; i++) {
    struct job *j = malloc(sizeof *j);
    pthread_create(&u[i], 0, run_kept, j);
    j->n = i;
  }
  struct job *shared = malloc(sizeof *shared);
  shared->n = 0;
  for (int i = 0; i < N; i++)
    pthread_create(&v[i], 0, run_shared, shared);
  return 0;
}
// RACY-DAG: per-instance-heap.c:66:8: warning: data race on 'last': write in thread 'publish' conflicts with write in thread 'publish'
// RACY-DAG: per-instance-heap.c:66:8: warning: data race on 'last': write in thread 'publish' conflicts with read in thread 'publish'
// Each instance writes its own object: the replay of the model checker's
// interleaving finds the two writes at different addresses.
// RACY-DAG: per-instance-heap.c:67:6: warning: possible data race on the heap object allocated at per-instance-heap.c:65: write in thread 'publish' conflicts with write in thread 'publish' (not decided: the model checker's interleavings are not ones the program can take: the two accesses touch different addresses in this interleaving)
// RACY-DAG: per-instance-heap.c:67:6: warning: data race on the heap object allocated at per-instance-heap.c:65: write in thread 'publish' conflicts with read in thread 'publish'
// RACY-DAG: per-instance-heap.c:93:10: warning: data race on field .n of the heap object allocated at per-instance-heap.c:91: write in thread 'main' conflicts with read in thread 'run_kept'
// RACY-DAG: per-instance-heap.c:82:7: warning: data race on field .n of the heap object allocated at per-instance-heap.c:95: write in thread 'run_shared' conflicts with read in thread 'run_shared'
#endif
