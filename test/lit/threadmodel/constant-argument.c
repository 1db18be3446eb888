// clang-format off
// constant-argument: a helper takes its lock only when its caller asks
// (`bump(1)` locks, `bump(0)` does not). Its parameter is tracked: each
// call assigns it first and the helper's branches on it are guards, so the
// model checker knows which threads lock. The race between a locking and a
// non-locking caller is confirmed (it was possible: the model checker's
// interleavings had the careful thread skip the lock, which the replay
// rejected); two locking callers do not race. Not tracked: a helper that
// calls a defined function (an activation could be live twice in one
// thread through recursion), or whose address is taken. LOOP: the calls in
// loops of a thousand iterations; the loop-counter abstraction drops the
// counters but keeps the parameter (it was dropped too, and the safe
// program's race was possible).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DNONLEAF %s -o %t2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t2.ll 2>&1 | %FileCheck %s --check-prefix=NONLEAF
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE -DLOOP %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE --implicit-check-not=warning:
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long hits;

#ifdef NONLEAF
static void note(void) { fputs("bump\n", stderr); }
#endif

static void bump(int locked) {
#ifdef NONLEAF
  note();
#endif
  if (locked)
    pthread_mutex_lock(&m);
  hits++;
  if (locked)
    pthread_mutex_unlock(&m);
}

#ifdef LOOP
#define REPEAT for (int k = 0; k < 1000; k++)
#else
#define REPEAT
#endif

static void *careful(void *a) {
  REPEAT bump(1);
  return NULL;
}

static void *careless(void *a) {
#ifdef SAFE
  REPEAT bump(1);
#else
  REPEAT bump(0);
#endif
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, careful, NULL);
  pthread_create(&b, NULL, careless, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", hits);
  return 0;
}

// MODEL: function careful:
// MODEL-NEXT: N0 -> N1: assign bump.locked := 1 at {{.*}}constant-argument.c:[[#CALL:]]:10
// MODEL-NEXT: N1 -> N2: call bump at {{.*}}constant-argument.c:[[#CALL]]:10
// MODEL: function careless:
// MODEL-NEXT: N0 -> N1: assign bump.locked := 0 at
// MODEL: function bump:
// MODEL-DAG: assume bump.locked != 0 at {{.*}}constant-argument.c:[[#LINE:]]:7
// MODEL-DAG: assume bump.locked == 0 at {{.*}}constant-argument.c:[[#LINE]]:7
// NONLEAF-NOT: assign bump.locked
// NONLEAF: function bump:
// NONLEAF-NOT: assume bump.locked
// RACE: constant-argument.c:38:7: warning: data race on 'hits': write in thread 'careful' conflicts with read in thread 'careless'
// The locks each thread holds are the witness's: layer 1's must-held set
// (no lock for 'careful', whose helper locks only when asked) is not.
// RACE: note: 'careful' holds {m}; 'careless' holds no lock
// RACE-NEXT: constant-argument.c:37:5: note: lock 'm' acquired by 'careful' here
// SAFE-NOT: warning
