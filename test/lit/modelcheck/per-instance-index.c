// clang-format off
// per-instance-index: a worker whose array index is its thread argument,
// the creator's loop counter at the creation (`(void *)i`, or `&ids[i]`
// with `ids[i] = i`), touches its own element: two instances with
// different known index values do not race there. Instances given the
// same index, an index the creator does not pass as its counter, or
// overlapping elements still race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.racy.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=RACYMC
// RUN: %clang -g -c -DRACY %s -o %t.racy.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning
#include <pthread.h>
#define N 4

#ifndef RACY
// The index in an element handed over: ids[i] == i.
int data[N];
int ids[N];
void *by_slot(void *a) {
  int i = *(int *)a;
  data[i] = i;
  return 0;
}

// The index as the argument's value.
int more[N];
void *by_value(void *a) {
  long i = (long)a;
  more[i] = 1;
  return 0;
}

// The next element, by each instance: still one element each.
int shifted[N + 1];
void *by_next(void *a) {
  long i = (long)a;
  shifted[i + 1] = 1;
  return 0;
}

int main(void) {
  pthread_t t[N], u[N], v[N];
  for (int i = 0; i < N; i++) {
    ids[i] = i;
    pthread_create(&t[i], 0, by_slot, &ids[i]);
  }
  for (long i = 0; i < N; i++)
    pthread_create(&u[i], 0, by_value, (void *)i);
  for (long i = 0; i < N; i++)
    pthread_create(&v[i], 0, by_next, (void *)i);
  for (int i = 0; i < N; i++) {
    pthread_join(t[i], 0);
    pthread_join(u[i], 0);
    pthread_join(v[i], 0);
  }
  return data[0] + more[0] + shifted[0];
}

// MODEL: C0 in main at per-instance-index.c:48:5 -> by_slot loop (at most 4 times) handles t[] index V[[SLOT:[0-9]+]] := V{{[0-9]+}} (i)
// MODEL: C1 in main at per-instance-index.c:51:5 -> by_value loop (at most 4 times) handles u[] index V[[VAL:[0-9]+]] := V{{[0-9]+}} (i)
// MODEL: C2 in main at per-instance-index.c:53:5 -> by_next loop (at most 4 times) handles v[] index V[[NEXT:[0-9]+]] := V{{[0-9]+}} (i)
// MODEL: O{{[0-9]+}} global 'ids' singleton owned-per-instance-of by_slot
// MODEL: write data[] at per-instance-index.c:24:11 objects {data[]} at 4*V[[SLOT]]+[0,4)
// MODEL: write more[] at per-instance-index.c:32:11 objects {more[]} at 4*V[[VAL]]+[0,4)
// MODEL: write shifted[] at per-instance-index.c:40:18 objects {shifted[]} at 4*V[[NEXT]]+[4,8)
// MODEL: data V[[SLOT]] *arg@by_slot thread-index distinct
// MODEL: data V[[VAL]] arg@by_value thread-index distinct
// MODEL: data V[[NEXT]] arg@by_next thread-index distinct
// MC: data[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// MC: more[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// MC: shifted[]: refuted (states 0): every pair is two instances at their own, different indices (distinct-indices)
// OK-NOT: data race

#else
// Two loops hand out the same indices.
int same[N];
void *twice(void *a) {
  same[(long)a] = 1;
  return 0;
}

// ids[i] = i / 2: two workers read the same index.
int halves[N];
int half_ids[N];
void *by_half(void *a) {
  int i = *(int *)a;
  halves[i] = 1;
  return 0;
}

// Reaches into the next element.
int next[N + 1];
void *overlap(void *a) {
  long i = (long)a;
  next[i + 1] = next[i];
  return 0;
}

// The index is computed from the argument (slots_racy.c).
int mod[N];
void *modulo(void *a) {
  long i = (long)a;
  mod[i % 2] = 1;
  return 0;
}

int main(void) {
  pthread_t t[N], u[N], v[N], w[N], x[N];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, twice, (void *)i);
  for (long i = 0; i < 2; i++)
    pthread_create(&u[i], 0, twice, (void *)i);
  for (int i = 0; i < N; i++) {
    half_ids[i] = i / 2;
    pthread_create(&v[i], 0, by_half, &half_ids[i]);
  }
  for (long i = 0; i < N; i++)
    pthread_create(&w[i], 0, overlap, (void *)i);
  for (long i = 0; i < N; i++)
    pthread_create(&x[i], 0, modulo, (void *)i);
  return 0;
}
// RACYMC: same[]: race
// RACYMC: halves[]: race
// RACYMC: next[]: race
// RACYMC: mod[]: race
// RACY-DAG: per-instance-index.c:81:17: warning: data race on 'same[]': write in thread 'twice' conflicts with write in thread 'twice'
// RACY-DAG: per-instance-index.c:90:13: warning: data race on 'halves[]': write in thread 'by_half' conflicts with write in thread 'by_half'
// RACY-DAG: per-instance-index.c:98:15: warning: data race on 'next[]': write in thread 'overlap' conflicts with read in thread 'overlap'
// RACY-DAG: per-instance-index.c:106:14: warning: data race on 'mod[]': write in thread 'modulo' conflicts with write in thread 'modulo'
#endif
