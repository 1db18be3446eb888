// clang-format off
// join-loop with a bound the program reads through a pointer: `sscanf(s,
// "%d", &n)` takes n's address, so n was no promotable local and the two
// loops' bounds were two loads ScalarEvolution could not equate: the join
// loop did not join every worker, and main's read after it was a possible
// race in every such program. The analysis copy gives each C library call
// that keeps no pointer a temporary of its own in n's place (copied in
// and back), so n is one SSA value in both loops. Rereading n between the
// loops (-DREREAD) makes the bounds differ: main's read races with the
// workers left running.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DREREAD %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=REREAD
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
//
// SAFE-NOT: warning
// REREAD: join-loop-out-param.c:[[#@LINE+10]]:10: warning: {{(possible )?}}data race on 'counter': write in thread 'worker' conflicts with read in thread 'main'
// MODEL: join all t[] (every thread of the create at line [[#@LINE+21]])
#include <pthread.h>
#include <stdio.h>

static long counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  int n = 4;
  sscanf("3", "%d", &n);
  if (n > 8)
    return 1;
  pthread_t t[8];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, 0);
#ifdef REREAD
  sscanf("1", "%d", &n);
#endif
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  return (int)counter;
}
