// clang-format off
// joined-instance: the creator keeps each thread's record in a private
// table and, in a join loop, touches the record of the thread it joined
// just before, in the same iteration. Each worker owns its record, so the
// creator's access comes after every access of the one worker that touches
// it. The thread model proves the iteration correspondence (same table and
// handle elements in both loops); the MHP layer orders the pairs; the
// model checker, which cannot tell the records apart, no longer reports
// the ordered pairs at a location that has another candidate.
// Racy: the record read before the join (BEFORE), another thread's record
// (OTHER), a table changed between the loops (SECOND_STORE), the record
// also handed to a second thread (TWICE).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DBEFORE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=BEFORE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DOTHER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OTHER --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSECOND_STORE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SECOND
// RUN: %clang -g -O0 -c -DTWICE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TWICE
//
// MODEL: read args[]->sum at joined-instance.c:75:{{[0-9]+}} objects {heap@joined-instance.c:54+8} of the thread just joined (create at line 58)
// MODEL: write *args[] at joined-instance.c:77:{{[0-9]+}} objects {heap@joined-instance.c:54+?} of the thread just joined (create at line 58)
// MHP: read args[]->sum at joined-instance.c:75:{{[0-9]+}} in main (thread main): after every worker (joined-instance: it touches the record of the thread of C0 joined just before, which no other thread touches)
// MHP: write *args[] at joined-instance.c:77:{{[0-9]+}} in main (thread main): after every worker (joined-instance
// OK-NOT: warning:
// BEFORE: joined-instance.c:46:10: warning: data race on field .sum of the heap object allocated at joined-instance.c:{{[0-9]+}}: write in thread 'worker' conflicts with read in thread 'main'
// BEFORE: note: conflicting read in thread 'main' here
// BEFORE-NEXT: 69 |     total += args[i]->sum;
// OTHER: joined-instance.c:46:10: warning: data race on field .sum of the heap object allocated at joined-instance.c:{{[0-9]+}}: write in thread 'worker' conflicts with read in thread 'main'
// OTHER: note: conflicting read in thread 'main' here
// OTHER-NEXT: 73 |     total += args[(i + 1) % NT]->sum;
// SECOND: warning: data race on field .sum of the heap object allocated at joined-instance.c:{{[0-9]+}}: write in thread 'main' conflicts with write in thread 'worker'
// TWICE: warning: data race on field .sum of the heap object allocated at joined-instance.c:{{[0-9]+}}: write in thread 'worker' conflicts with read in thread 'main'
#include <pthread.h>
#include <stdlib.h>

#define NT 3
struct rec {
  int id;
  long sum;
};

static void *worker(void *p) {
  struct rec *r = p;
  r->sum = r->id * 2;
  return 0;
}

int main(void) {
  pthread_t t[NT], u[NT];
  struct rec *args[NT];
  for (int i = 0; i < NT; i++) {
    struct rec *a = malloc(sizeof *a);
    a->id = i;
    a->sum = 0;
    args[i] = a;
    pthread_create(&t[i], 0, worker, a);
#ifdef TWICE
    pthread_create(&u[i], 0, worker, a);
#endif
  }
#ifdef SECOND_STORE
  args[0] = args[1];
#endif
  long total = 0;
  for (int i = 0; i < NT; i++) {
#ifdef BEFORE
    total += args[i]->sum;
#endif
    pthread_join(t[i], 0);
#ifdef OTHER
    total += args[(i + 1) % NT]->sum;
#else
    total += args[i]->sum;
#endif
    free(args[i]);
  }
  return total == 0;
}
