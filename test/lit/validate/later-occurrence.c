// clang-format off
// A race check compares the two racing accesses only. The model checker's
// witness has main write d[1].id while work#1 (given &d[0]) reads d[0].id;
// the replay looks for a later iteration of main's loop where the writes
// meet the read (they never do). Branches on the input taken on that search
// used to leave forked paths that were later checked at the branch itself,
// which confirmed the race. Elements handed to one thread each: no
// confirmed race; one element given to every thread (-DRACY): confirmed.
// (`d` is stored twice so that element-owned, which would settle the
// elements without the model checker, leaves them to the replay.)
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PRINT
#include <pthread.h>
#include <stdlib.h>

struct td { int id; long acc; };
static void *work(void *p) {
  struct td *d = p;
  d->acc += d->id;
  return 0;
}
int main(int argc, char **argv) {
  int n = argc + 1;
  pthread_t t[3];
  struct td *d = 0;
  d = malloc(3 * sizeof *d);
  for (int i = 0; i < n && i < 3; i++) {
    d[i].id = i;
    d[i].acc = 0;
#ifdef RACY
    pthread_create(&t[i], 0, work, &d[0]);
#else
    pthread_create(&t[i], 0, work, &d[i]);
#endif
  }
  for (int i = 0; i < n && i < 3; i++)
    pthread_join(t[i], 0);
  return 0;
}
// FREE: later-occurrence.c:21:10: warning: possible data race on field .acc of the heap object allocated at later-occurrence.c:28
// FREE: later-occurrence.c:30:13: warning: possible data race on an unknown part of the heap object allocated at later-occurrence.c:28: write in thread 'main' conflicts with read in thread 'work' (not decided: {{.*}}the two accesses touch different addresses
// RACY: later-occurrence.c:21:10: warning: data race on field .acc of the heap object allocated at later-occurrence.c:28: write in thread 'work' conflicts with read in thread 'work'
// PRINT: heap@later-occurrence.c:28+?: infeasible: the two accesses touch different addresses in this interleaving
// PRINT-NEXT: {{^}} pair: main: write d[] at later-occurrence.c:30:13; work#1: read d->id at later-occurrence.c:21:16
