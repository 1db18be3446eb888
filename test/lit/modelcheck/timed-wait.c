// clang-format off
// timed-wait: pthread_cond_timedwait (and pthread_cond_clockwait,
// cnd_timedwait) returns when its deadline passes, signalled or not. The
// model checker let a waiter leave a wait only when signalled, so a
// waiter that gives up after a timeout and reads the result anyway was
// refuted ("tracked data orders the accesses"): a race missed without a
// word. Now a timed wait may time out in any state, and the replay gives
// the call its timeout value (ETIMEDOUT) where the interleaving shows it.
// Race-free: the result is read only when the producer said it is ready.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;
static int result;

static void *producer(void *arg) {
  result = 42;
  pthread_mutex_lock(&mu);
  ready = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&mu);
  return 0;
}

static int wait_result(long ms) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += ms / 1000;
  pthread_mutex_lock(&mu);
  while (!ready)
    if (pthread_cond_timedwait(&cv, &mu, &ts) == ETIMEDOUT)
      break;
  int ok = ready;
  pthread_mutex_unlock(&mu);
#ifdef RACY
  return ok ? result : result - 1;
#else
  return ok ? result : -1;
#endif
}

int main(void) {
  pthread_t p;
  pthread_create(&p, 0, producer, 0);
  int v = wait_result(5);
  pthread_join(p, 0);
  return v;
}

// MC: result: race
// MC: main: wait cv, mu at {{.*}}timed-wait.c:38
// MC-NEXT: main: time out in wait cv, mu at {{.*}}timed-wait.c:38
// MC-NEXT: main: wake up and re-lock after wait cv, mu at {{.*}}timed-wait.c:38

// RACY: timed-wait.c:24:10: warning: data race on 'result': write in thread 'producer' conflicts with read in thread 'main'
// RACY: note: interleaving: {{.*}}main: time out in wait cv, mu (timed-wait.c:38)

// FREE-NOT: warning
