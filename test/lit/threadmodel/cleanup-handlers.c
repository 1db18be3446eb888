// clang-format off
// cleanup-handlers: a pthread_cleanup_push routine runs when a
// cancellation point or pthread_exit between push and pop acts, with the
// locks held there; before, it was taken to run at the push (its
// __sigsetjmp's second return), with the push's locks. A worker cancelled
// in usleep, where it holds no lock, counts itself in the handler: the two
// workers' counts race (possible: the replay runs no cleanup handler; TSan
// 3/3). Cancelled in pthread_cond_wait (-DSAFE), the mutex is taken again
// before the handler runs: its access holds the mutex, no race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LOCKS
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSAFE %s -o %t.safe.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.safe.ll 2>&1 | %FileCheck %s --check-prefix=SAFELOCKS
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long finished;
static int ready, queue_len = 5;

static void on_cancel(void *arg) {
  (void)arg;
  // LOCKS: worker: write finished at cleanup-handlers.c:[[#@LINE+3]]:11 holds {}
  // SAFELOCKS: worker: write finished at cleanup-handlers.c:[[#@LINE+2]]:11 holds {mu}
  // RACY: cleanup-handlers.c:[[#@LINE+1]]:11: warning: possible data race on 'finished': write in thread 'worker' conflicts with read in thread 'worker' (not decided: {{.*}})
  finished++;
  pthread_mutex_unlock(&mu);
}

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
  pthread_cleanup_push(on_cancel, NULL);
#ifdef SAFE
  while (!ready)
    pthread_cond_wait(&cv, &mu);
#else
  while (queue_len > 0) {
    queue_len--;
    pthread_mutex_unlock(&mu);
    usleep(100);
    pthread_mutex_lock(&mu);
  }
#endif
  pthread_cleanup_pop(1);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  usleep(200);
  for (int i = 0; i < 2; i++)
    pthread_cancel(t[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", finished);
  return 0;
}
// SAFE-NOT: warning
