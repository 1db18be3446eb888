// clang-format off
// A thread of the interleaving that passes a lock or unlock the
// interleaving does not show (the model checker's loop-counter
// abstraction left stats_add_batch's loop early; the program re-locks a
// recursive mutex four times in it) takes it as it runs, while the other
// threads wait, as a thread run to its end does; the finding says so. It
// ended the path before ("the path passes a synchronisation step the
// interleaving does not take"), and `batches++` after the unlock was a
// possible race. free(NULL) touches no object: with the path followed
// further, `free(r)` in both threads (each r NULL once stored) met in the
// replay and was a confirmed race until a pointer in no object counted
// as touching nothing.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not='warning: data race'
//
// CHECK: unshown-locks.c:42:10: warning: data race on 'batches': write in thread 'worker' conflicts with read in thread 'worker'
// CHECK: note: 'worker#{{[12]}}' also makes 8 lock and unlock calls the interleaving does not show, while the other threads wait
// CHECK: unshown-locks.c:64:3: warning: possible data race on an unknown part of the heap object allocated at unshown-locks.c:53: {{.*}}the two accesses touch different addresses in this interleaving
// SAFE: unshown-locks.c:64:3: warning: possible data race on an unknown part of the heap object
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t stats_mu;
static long total, batches;

static void stats_add(long n) {
  pthread_mutex_lock(&stats_mu);
  total += n;
  pthread_mutex_unlock(&stats_mu);
}

static void stats_add_batch(const long *v, int n) {
  pthread_mutex_lock(&stats_mu);
  for (int i = 0; i < n; i++)
    stats_add(v[i]);
#ifdef SAFE
  batches++;
  pthread_mutex_unlock(&stats_mu);
#else
  pthread_mutex_unlock(&stats_mu);
  batches++;
#endif
}

struct rec {
  int key, val;
};
static struct rec *db[64];
static int db_n;

static int store(int key, int val) {
  struct rec *r = malloc(sizeof *r);
  if (!r)
    return -1;
  r->key = key;
  r->val = val;
  pthread_mutex_lock(&stats_mu);
  if (db_n < 64) {
    db[db_n++] = r;
    r = NULL;
  }
  pthread_mutex_unlock(&stats_mu);
  free(r);
  return 0;
}

static void *worker(void *arg) {
  long v[4] = {1, 2, 3, (long)arg};
  for (int i = 0; i < 100; i++) {
    stats_add_batch(v, 4);
    store(i, (int)(long)arg);
  }
  return NULL;
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&stats_mu, &a);
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return (int)(total + batches + db_n);
}
