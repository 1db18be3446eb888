// clang-format off
// join-loop over a heap array of ids (`tids = malloc(n * sizeof *tids)`),
// freed after the join loop as usual: free ends the ids' memory, so it is
// no write that may change one (handle-overwritten), and the join loop
// joins every worker; main's reads after it are ordered. MEMSET: clearing
// the ids before the join loop loses them: the race stays.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
// RUN: %clang -g -O0 -c -DMEMSET %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static long total[64];

static void *work(void *p) {
  total[(long)p] = 1;
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n > 64)
    n = 64;
  pthread_t *tids = malloc(n * sizeof *tids);
  for (long i = 0; i < n; i++)
    pthread_create(&tids[i], 0, work, (void *)i);
#ifdef MEMSET
  memset(tids, 0, n * sizeof *tids);
#endif
  for (long i = 0; i < n; i++)
    pthread_join(tids[i], 0);
  free(tids);
  return (int)total[0];
}

// CHECK-LABEL: function main:
// CHECK: join all heap@{{.*}}join-loop-heap-handles.c:26[] (every thread of the create at line 28) (may) at {{.*}}join-loop-heap-handles.c:33:5

// SAFE-NOT: conflicts with read in thread 'main'
// RACE: join-loop-heap-handles.c:18:18: warning: {{(possible )?}}data race on 'total[]': write in thread 'work' conflicts with read in thread 'main'
