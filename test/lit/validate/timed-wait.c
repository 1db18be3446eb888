// clang-format off
// A timed wait the interleaving does not show times out in the replay: the
// waiter gives its mutex back and takes it again while the other threads
// wait, which any scheduler may do once the deadline passes. main reads
// `result` even when its wait for the worker timed out: the race is
// confirmed, saying so (it was possible: "the path passes a
// synchronisation step the interleaving does not take"). Reading it only
// when `ready` was seen under the lock (SAFE) is no confirmed race.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE --implicit-check-not='warning: data race'
//
// CHECK: timed-wait.c:29:10: warning: data race on 'result': write in thread 'compute' conflicts with read in thread 'main'
// CHECK: note: 'main' times out in 1 timed wait(s) the interleaving does not show
// SAFE-NOT: warning: data race
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;
static double result;

static void *compute(void *arg) {
  double r = 0;
  for (int i = 1; i < 20; i++)
    r += 1.0 / i;
  pthread_mutex_lock(&mu);
  result = r;
  ready = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&mu);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, compute, 0);
  struct timespec dl;
  clock_gettime(CLOCK_REALTIME, &dl);
  dl.tv_sec += 1;
  int rc = 0;
  pthread_mutex_lock(&mu);
  while (!ready && rc != ETIMEDOUT)
    rc = pthread_cond_timedwait(&cv, &mu, &dl);
#ifdef SAFE
  int have = ready;
  pthread_mutex_unlock(&mu);
  double seen = have ? result : -1.0;
#else
  pthread_mutex_unlock(&mu);
  double seen = result;
#endif
  pthread_join(t, 0);
  return seen > 0;
}
