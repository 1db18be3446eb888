// clang-format off
// per-instance-index over a range: a worker that touches the elements of a
// loop whose counter runs from C1 * v + a to below C1 * v + b, v its
// instance's index value, touches C1 * v + [a, b) only: two instances with
// different values do not race there. A range the proof does not cover
// (an overlap, a bound that is not the same function of v, a range held
// in a struct of lo/hi not recognised yet) is still reported.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.racy.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=RACYMODEL
// RUN: %clang -g -O0 -c -DRACY %s -o %t.racy.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning
// RUN: %clang -g -O2 -c -DRACY %s -o %t.racy.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning
#include <pthread.h>
#define N 100
#define NT 4
#define CHUNK (N / NT)

#ifndef RACY
// The range from the thread argument's value.
int data[2 * 50];
void *by_arg(void *a) {
  long k = (long)a;
  for (long i = k * 50; i < k * 50 + 50; i++)
    data[i] = 1;
  return 0;
}

// start and end computed in the thread, in int.
int chunked[N];
void *by_chunk(void *a) {
  int id = (int)(long)a;
  int chunk = N / NT;
  int start = id * chunk;
  int end = start + chunk;
  for (int i = start; i < end; i++)
    chunked[i] = i;
  return 0;
}

// The index handed over in an element (ids[i] == i), every other element.
int strided[N];
int ids[NT];
void *by_slot(void *a) {
  int id = *(int *)a;
  int start = id * CHUNK;
  for (int j = start; j < start + CHUNK; j += 2)
    strided[j] = j;
  return 0;
}

int main(void) {
  pthread_t t[2], u[NT], v[NT];
  data[0] = 0;
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, by_arg, (void *)i);
  for (long i = 0; i < NT; i++)
    pthread_create(&u[i], 0, by_chunk, (void *)i);
  for (int i = 0; i < NT; i++) {
    ids[i] = i;
    pthread_create(&v[i], 0, by_slot, &ids[i]);
  }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  for (int i = 0; i < NT; i++) {
    pthread_join(u[i], 0);
    pthread_join(v[i], 0);
  }
  return data[0] + chunked[0] + strided[0];
}

// MODEL: C0 in main at per-instance-range.c:59:5 -> by_arg loop (at most 2 times) handles t[] index V[[ARG:[0-9]+]] := V{{[0-9]+}} (i)
// MODEL: C1 in main at per-instance-range.c:61:5 -> by_chunk loop (at most 4 times) handles u[] index V[[CHUNK:[0-9]+]] := V{{[0-9]+}} (i)
// MODEL: C2 in main at per-instance-range.c:64:5 -> by_slot loop (at most 4 times) handles v[] index V[[SLOT:[0-9]+]] := V{{[0-9]+}} (i)
// MODEL: write data[] at per-instance-range.c:28:13 objects {data[]} at 200*V[[ARG]]+[0,200)
// MODEL: write chunked[] at per-instance-range.c:40:16 objects {chunked[]} at 100*V[[CHUNK]]+[0,100)
// MODEL: write strided[] at per-instance-range.c:51:16 objects {strided[]} at 100*V[[SLOT]]+[0,100)
// MODEL: data V[[ARG]] arg@by_arg thread-index distinct
// MODEL: data V[[CHUNK]] arg@by_chunk thread-index distinct
// MODEL: data V[[SLOT]] *arg@by_slot thread-index distinct
// MC: data[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// MC: chunked[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// MC: strided[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// OK-NOT: data race

#else
// One element too many: `<=` reaches the next instance's first element.
int over[2 * 50 + 1];
void *inclusive(void *a) {
  long k = (long)a;
  for (long i = k * 50; i <= k * 50 + 50; i++)
    over[i] = 1;
  return 0;
}

// The chunk is 51 while the start steps by 50.
int wide[NT * 50 + 1];
void *chunk51(void *a) {
  int id = (int)(long)a;
  int start = id * 50;
  int end = start + 51;
  for (int i = start; i < end; i++)
    wide[i] = 1;
  return 0;
}

// The bound is not the start's function of v plus a constant.
int grows[NT * 60];
void *growing(void *a) {
  long k = (long)a;
  for (long i = k * 50; i < k * 60; i++)
    grows[i] = 1;
  return 0;
}

// A range in a struct of lo/hi per thread: not recognised yet.
struct range {
  int lo, hi;
};
int ranged[N];
struct range args[NT];
void *by_range(void *a) {
  struct range *r = a;
  for (int j = r->lo; j < r->hi; j++)
    ranged[j] = 1;
  return 0;
}

int main(void) {
  pthread_t t[2], u[NT], v[NT], w[NT];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, inclusive, (void *)i);
  for (long i = 0; i < NT; i++) {
    pthread_create(&u[i], 0, chunk51, (void *)i);
    pthread_create(&v[i], 0, growing, (void *)i);
  }
  for (int i = 0; i < NT; i++) {
    args[i].lo = i * CHUNK;
    args[i].hi = (i + 1) * CHUNK;
    pthread_create(&w[i], 0, by_range, &args[i]);
  }
  return 0;
}
// RACYMODEL: write over[] at per-instance-range.c:95:13 objects {over[]} at 200*V{{[0-9]+}}+[0,204)
// RACYMODEL: write wide[] at per-instance-range.c:106:13 objects {wide[]} at 200*V{{[0-9]+}}+[0,204)
// RACYMODEL: write grows[] at per-instance-range.c:115:14 objects {grows[]}{{$}}
// RACYMODEL: write ranged[] at per-instance-range.c:128:15 objects {ranged[]}{{$}}
// The overlapping ranges are confirmed: the replay runs one worker's loop
// on until its last element meets the other's first. The refused ranges
// are disjoint in fact; the replay finds no overlap: possible races.
// RACY-DAG: per-instance-range.c:95:13: warning: data race on 'over[]': write in thread 'inclusive' conflicts with write in thread 'inclusive'
// RACY-DAG: per-instance-range.c:106:13: warning: data race on 'wide[]': write in thread 'chunk51' conflicts with write in thread 'chunk51'
// RACY-DAG: per-instance-range.c:115:14: warning: possible data race on 'grows[]': write in thread 'growing' conflicts with write in thread 'growing' (not decided: the model checker's interleavings are not ones the program can take
// RACY-DAG: per-instance-range.c:128:15: warning: possible data race on 'ranged[]': write in thread 'by_range' conflicts with write in thread 'by_range' (not decided: the model checker's interleavings are not ones the program can take
#endif
