// clang-format off
// key-destructors: the destructor pthread_key_create registers runs when a
// created thread ends (its start routine returns, or pthread_exit), in that
// thread, on the thread's non-NULL value for the key. Workers merging their
// per-thread counts into a total there race with each other (confirmed;
// -DEXIT: the workers end with pthread_exit, confirmed too; TSan 3/3), and
// not under a mutex (-DSAFE). Main's read after the joins comes after
// every destructor (a join waits for them). A thread that sets no
// thread-specific data (idle) runs none. Before, key destructors were never
// run: the race was missed.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefixes=RACY,RET --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEXIT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefixes=RACY,EXIT --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_key_t key;
static long total, idled;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

// MODEL: thread exit handlers: merge
// MODEL: T1 idle once{{$}}
// MODEL-NEXT: T2 worker many runs thread exit handlers
static void merge(void *p) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  // RACY: key-destructors.c:[[#@LINE+1]]:9: warning: data race on 'total': write in thread 'worker' conflicts with read in thread 'worker'
  total += *(long *)p;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  free(p);
}

static void *worker(void *arg) {
  long *mine = calloc(1, sizeof *mine);
  pthread_setspecific(key, mine);
  for (int i = 0; i < 1000; i++)
    ++*mine;
#ifdef EXIT
  // EXIT: key-destructors.c:[[#@LINE+1]]:3: note: both accesses in thread 'worker' are in 'merge', called from 'worker' here
  pthread_exit(NULL);
#endif
  return NULL;
}

static void *idle(void *arg) {
  idled = 1;
  return NULL;
}

int main(void) {
  // RET: key-destructors.c:[[#@LINE+1]]:3: note: both accesses in thread 'worker' are in 'merge', called from 'the thread's exit' here
  pthread_key_create(&key, merge);
  pthread_t t[4], i;
  pthread_create(&i, NULL, idle, NULL);
  for (int k = 0; k < 4; k++)
    pthread_create(&t[k], NULL, worker, NULL);
  for (int k = 0; k < 4; k++)
    pthread_join(t[k], NULL);
  pthread_join(i, NULL);
  printf("%ld %ld\n", total, idled);
  return 0;
}
// SAFE-NOT: warning
