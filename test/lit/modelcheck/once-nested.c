// clang-format off
// nested-once: a pthread_once inside an init body. The model checker keeps
// one return point per thread, so the inner body is not explored; that
// refuted the race inside it (a miss). Now the location stays undecided,
// a possible race that says why; race-free, main reads after the join.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
//
// FREE-NOT: warning:
// RACY: once-nested.c:[[#@LINE+7]]:39: warning: possible data race on 'config': write in thread 'worker' conflicts with read in thread 'main' (not decided: a once call inside a once body was not explored)
#include <pthread.h>
#include <stdio.h>

int config, other;
static pthread_once_t outer = PTHREAD_ONCE_INIT, inner = PTHREAD_ONCE_INIT;

static void init_inner(void) { config = 7; }
static void init_outer(void) {
  other = 1;
  pthread_once(&inner, init_inner);
}

static void *worker(void *arg) {
  pthread_once(&outer, init_outer);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#ifdef RACY
  printf("%d\n", config);
#endif
  pthread_join(t, 0);
  printf("%d %d\n", config, other);
  return 0;
}
