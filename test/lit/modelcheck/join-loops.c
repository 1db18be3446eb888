// clang-format off
// Join loops with a count unknown at compile time (issue 20): the join loop
// that visits every handle the create loop stored (same array, same count
// `n`, from the same start, no break) joins every thread at its exit (a
// `join all` action), so main's read after it is ordered after every write
// (the MHP layer's after-join rule, for any n; the model checker refuted it
// before, up to the thread bound, with a remark); the workers' own accesses
// are under a lock. Each broken condition keeps the race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DVLA %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DHALF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DSTART1 %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DBREAK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MAYRACE
// RUN: %clang -g -O0 -c -DOTHER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MAYRACE
// RUN: %clang -g -O0 -c -DTWICE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MAYRACE
// RUN: %clang -g -O0 -c -DOVERWRITE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MAYRACE
// RUN: %clang -g -O0 -c -DBEFORE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EARLY
//
// HALF: joins n / 2. START1: from t[1]. BREAK: a join loop that may stop
// early. OTHER: joins another array. TWICE: a second create loop overwrote
// the handles of the first. OVERWRITE: a handle overwritten before the joins.
// BEFORE: the read comes before the join loop.
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *w(void *a) {
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(int argc, char **argv) {
  int n = argc;
#ifdef VLA
  pthread_t t[n];
#else
  pthread_t *t = malloc(n * sizeof *t);
#endif
  pthread_t *u = malloc(n * sizeof *u);
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, w, 0);
#ifdef TWICE
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, w, 0);
#endif
#ifdef OVERWRITE
  t[0] = t[n - 1];
#endif
#ifdef BEFORE
  int seen = x;
#endif
#if defined(HALF)
  for (int i = 0; i < n / 2; i++)
#elif defined(START1)
  for (int i = 1; i < n; i++)
#else
  for (int i = 0; i < n; i++)
#endif
  {
#ifdef BREAK
    if (pthread_join(t[i], 0))
      break;
#elif defined(OTHER)
    pthread_join(u[i], 0);
#else
    pthread_join(t[i], 0);
#endif
  }
#ifndef BEFORE
  int seen = x;
#endif
  return seen;
}

// MODEL: C0 in main at {{.*}}join-loops.c:49:5 -> w loop
// MODEL: join all heap@join-loops.c:45[] (every thread of the create at line 49) (may) at {{.*}}join-loops.c:74:5
// MHP: C0 w at join-loops.c:49 by main: tracked, joined by a join-all loop only
// MHP: read x at join-loops.c:78:14 in main (thread main): after every w
// OK-NOT: remark
// RACE: join-loops.c:35:4: warning: data race on 'x': write in thread 'w' conflicts with read in thread 'main'
// The model checker's shortest interleavings of these leave the join loop
// early, which the program cannot do once its create loop ran; witness
// validation rejects them (or runs out of its budget following the create
// loop over argc) and the racing ones lie deeper: possible races.
// MAYRACE: join-loops.c:35:4: warning: possible data race on 'x': write in thread 'w' conflicts with read in thread 'main' (not decided: the model checker's {{interleavings are not ones the program can take|interleaving could not be replayed against the program}}
// RACE: join-loops.c:78:14: note: conflicting read in thread 'main' here
// EARLY: join-loops.c:35:4: warning: data race on 'x': write in thread 'w' conflicts with read in thread 'main'
// EARLY: join-loops.c:58:14: note: conflicting read in thread 'main' here
