// clang-format off
// Results the program itself fixes are no inputs. The replay took them as
// any value (or a wrong constant), and each race-free variant below was a
// confirmed race: a thread's pthread_exit value never reached the join
// (EXIT), pthread_getspecific always gave NULL (SPECIFIC), getpid and
// gettid could be anything, so a worker "was" the main thread (TID), and
// a failed mtx_trylock returned EBUSY, not thrd_busy (TRYLOCK). Each is
// now what the program gets. The racy variants (-DRACY) stay confirmed.
// RUN: %clang -g -O0 -c -DEXIT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DEXIT -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EXIT
// RUN: %clang -g -O0 -c -DSPECIFIC %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DTID %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DTID -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TID
// RUN: %clang -g -O0 -c -DTRYLOCK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
//
// SAFE-NOT: warning: data race
// EXIT: library-results.c:45:17: warning: data race on 'stats_total': write in thread 'main' conflicts with read in thread 'reporter'
// TID: library-results.c:60:12: warning: data race on 'ui_lines': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <threads.h>
#include <unistd.h>

#ifdef EXIT
// A self-test thread reports through pthread_exit; main resets the
// statistics a reporter thread reads only after a failed self-test.
static long stats_total = 42;
static int ok_status, fail_status = 1;
static void *selftest(void *arg) {
#ifdef RACY
  pthread_exit(&fail_status);
#else
  pthread_exit(&ok_status);
#endif
}
static void *reporter(void *arg) { return (void *)stats_total; }
int main(void) {
  pthread_t st, rep;
  void *res = 0;
  pthread_create(&rep, 0, reporter, 0);
  pthread_create(&st, 0, selftest, 0);
  pthread_join(st, &res);
  if (!res || *(int *)res != 0)
    stats_total = 0;
  pthread_join(rep, 0);
  return (int)stats_total;
}
#endif

#ifdef TID
// Only the process's main thread draws; workers hand their lines over.
static int ui_lines;
static void draw(void) {
  if (gettid() == getpid())
    ui_lines++;
}
static void *worker(void *arg) {
#ifdef RACY
  ui_lines += 2;
#endif
  draw();
  return arg;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  draw();
  return ui_lines;
}
#endif

#ifdef SPECIFIC
// Each thread registers its own buffer; the shared fallback is main's.
static pthread_key_t key;
static char fallback[8];
static char *buffer(void) {
  char *b = pthread_getspecific(key);
  return b ? b : fallback;
}
static void *worker(void *arg) {
  pthread_setspecific(key, arg);
  buffer()[0] = 'w';
  return 0;
}
int main(void) {
  static char mine[2][8];
  pthread_key_create(&key, 0);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, mine[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return buffer()[0];
}
#endif

#ifdef TRYLOCK
// A flusher that finds the log busy leaves the flush to the lock's owner.
static mtx_t m;
static int flushed;
static int flusher(void *arg) {
  if (mtx_trylock(&m) == thrd_busy)
    return 0;
  flushed++;
  mtx_unlock(&m);
  return 0;
}
int main(void) {
  thrd_t t[2];
  mtx_init(&m, mtx_plain);
  for (int i = 0; i < 2; i++)
    thrd_create(&t[i], flusher, 0);
  for (int i = 0; i < 2; i++)
    thrd_join(t[i], 0);
  return flushed;
}
#endif
