// clang-format off
// cleanup-handlers: a helper that calls pthread_exit inside the push/pop
// region runs the handler too. Before, only a pthread_exit written in the
// region itself led there, so two workers' unlocked counts in the handler
// were never seen (TSan 3/3). With the mutex taken before the push (-DSAFE)
// the handler holds it. A helper that takes the mutex itself right before
// pthread_exit (-DHELPER_LOCKS; race-free, TSan 0/3) keeps a possible race:
// the handler is entered from the call of the helper, with the locks held
// there (helper-exit, a documented precision loss).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LOCKS
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSAFE %s -o %t.safe.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.safe.ll 2>&1 | %FileCheck %s --check-prefix=SAFELOCKS
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DHELPER_LOCKS %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=HELPER --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long stopped;

static void on_stop(void *arg) {
  (void)arg;
  // LOCKS: worker: write stopped at cleanup-exit-helper.c:[[#@LINE+4]]:10 holds {}
  // SAFELOCKS: worker: write stopped at cleanup-exit-helper.c:[[#@LINE+3]]:10 holds {mu}
  // RACY: cleanup-exit-helper.c:[[#@LINE+2]]:10: warning: possible data race on 'stopped': write in thread 'worker' conflicts with read in thread 'worker' (not decided: {{.*}}pthread_exit with cleanup handlers registered)
  // HELPER: cleanup-exit-helper.c:[[#@LINE+1]]:10: warning: possible data race on 'stopped'
  stopped++;
#if defined(SAFE) || defined(HELPER_LOCKS)
  pthread_mutex_unlock(&mu);
#endif
}

static void give_up(void) {
#ifdef HELPER_LOCKS
  pthread_mutex_lock(&mu);
#endif
  pthread_exit(NULL);
}

static void *worker(void *arg) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  pthread_cleanup_push(on_stop, NULL);
  if ((long)arg < 5)
    give_up();
  pthread_cleanup_pop(0);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", stopped);
  return 0;
}
// SAFE-NOT: warning
