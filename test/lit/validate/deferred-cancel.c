// clang-format off
// pthread_cancel does not end its target at once: with POSIX's default,
// deferred cancellation, the target runs on to its next cancellation
// point (here usleep). The model checker ended the target at the cancel,
// so main's read of `ticks` between cancel and join was refuted: a proof
// of freedom for a racy program. It now lets the target run on
// (compromise "deferred-cancel"), and the replay ends the target at its
// next cancellation point, confirming the race. The read after the join
// is ordered (-DAFTERJOIN). With -DPASTPOINT the model checker's witness
// has the target write `after` past usleep after the cancel: the replay
// ends the target at usleep and refutes it (the race stays possible: had
// the target passed usleep before the cancel, it would write `after`).
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DAFTERJOIN %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DPASTPOINT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PAST --implicit-check-not='warning: data race'
//
// RACY: deferred-cancel.c:[[#@LINE+13]]:10: warning: data race on 'ticks': write in thread 'ticker' conflicts with read in thread 'main'
// SAFE-NOT: warning
// PAST: deferred-cancel.c:[[#@LINE+14]]:11: warning: possible data race on 'after': {{.*}}not ones the program can take: the thread ends before its next step
#include <pthread.h>
#include <unistd.h>

static long ticks, after;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *ticker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    ticks++;
    usleep(100);
#ifdef PASTPOINT
    after = 1;
#endif
  }
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, ticker, 0);
  pthread_mutex_lock(&m);
  pthread_cancel(t);
#ifdef PASTPOINT
  long seen = after;
  pthread_mutex_unlock(&m);
#else
  pthread_mutex_unlock(&m);
#ifndef AFTERJOIN
  long seen = ticks;
#endif
#endif
  pthread_join(t, 0);
#ifdef AFTERJOIN
  long seen = ticks;
#endif
  return (int)seen;
}
// RACY: note: interleaving: {{.*}}main: cancel t (the target runs on, or has ended){{.*}}ticker#1: write ticks
