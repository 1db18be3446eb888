// clang-format off
// join-finished: the model checker's interleaving need not show a join
// of a thread whose steps it has all taken (main joins workers 0..2 in a
// loop it leaves early); the replay runs such a thread to its end at the
// join, the only schedule in which the join returns, as it does for a
// thread created off the interleaving. Before, the replay died at the
// join ("passes a synchronisation step the interleaving does not take")
// and the race on part[3] stayed possible. SAFE joins every worker.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning:'
// RUN: %clang -g -O0 -c -DSAFE %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long part[4];

static void *work(void *p) {
  long i = (long)p;
  part[i] = i * i;
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  pthread_t t[4];
  for (int i = 0; i < n && i < 4; i++)
    pthread_create(&t[i], NULL, work, (void *)(long)i);
#ifdef SAFE
  for (int i = 0; i < n && i < 4; i++)
#else
  for (int i = 0; i < n && i < 3; i++)
#endif
    pthread_join(t[i], NULL);
  printf("%ld\n", part[0] + part[3]);
  return 0;
}

// CHECK: join-finished.c:19:11: warning: data race on 'part[]': write in thread 'work' conflicts with read in thread 'main'
// CHECK: note: interleaving: main: create work#1
// SAFE-NOT: warning:
