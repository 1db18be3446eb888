// clang-format off
// A pthread_once the interleaving does not show (the model checker's
// witness skips it where it takes the `cached` shortcut): done, it returns
// at once; not started, its thread runs the routine while the others wait.
// Either is a schedule the program can take. The replay ended the path at
// it instead ("the path passes a synchronisation step the interleaving
// does not take"), so the race on the buffer that the racy `cached`
// shortcut hands to both threads stayed possible. A once another thread is
// still running makes the path end, naming the call.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
//
// CHECK-DAG: unscheduled-once.c:34:10: warning: data race on 'cached': write in thread 'worker' conflicts with write in thread 'worker'
// CHECK-DAG: unscheduled-once.c:40:8: warning: data race on the heap object allocated at unscheduled-once.c:31: write in thread 'worker' conflicts with write in thread 'worker'
// CHECK-DAG: unscheduled-once.c:41:8: warning: data race on element [1] of the heap object allocated at unscheduled-once.c:31: write in thread 'worker' conflicts with write in thread 'worker'
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char *cached; // "avoids pthread_getspecific on the hot path"

static void make_key(void) { pthread_key_create(&key, free); }

static char *thread_buf(void) {
  if (cached)
    return cached;
  pthread_once(&once, make_key);
  char *b = pthread_getspecific(key);
  if (!b) {
    b = malloc(32);
    pthread_setspecific(key, b);
  }
  cached = b;
  return b;
}

static void *worker(void *arg) {
  char *b = thread_buf();
  b[0] = 'T';
  b[1] = (char)('0' + (int)(intptr_t)arg);
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)(intptr_t)(i + 1));
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
