// clang-format off
// once-ambiguous and once-callees: a pthread_once whose control may be
// several objects (`&controls[i]`, the default build), or whose init
// function may be several (a function pointer, -DCALLEES), ran no body in
// the model checker, so a race inside init was never seen (std::async's
// task runs in such a call_once: sync/24_async_get was a known miss). Now
// an ambiguous control's call may run the body or skip it, and a call runs
// any of its init functions; the replay decides which the program takes.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ARRAY --implicit-check-not='warning:'
// RUN: %clang -g -O0 -c -DCALLEES %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DCALLEES -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CALLEES --implicit-check-not='warning:'
//
// FREE-NOT: warning:
// ARRAY: once-ambiguous.c:[[#INIT_A:]]:35: warning: data race on 'config': write in thread 'worker' conflicts with read in thread 'main'
// ARRAY: note: conflicting read in thread 'main' here
// ARRAY: note: interleaving: main: create worker#1 {{.*}} -> worker#1: once controls[], init_a (may) (runs init_a) {{.*}} -> main: read config {{.*}} -> worker#1: write config
// CALLEES: once-ambiguous.c:[[#INIT_A:]]:35: warning: data race on 'config': write in thread 'worker' conflicts with read in thread 'main'
// CALLEES: note: interleaving: {{.*}} worker#1: once once, init_a (runs init_a)
// init_b never runs (the worker is handed 1): the replay says so.
// CALLEES: once-ambiguous.c:[[#INIT_A+1]]:35: warning: possible data race on 'config': write in thread 'worker' conflicts with read in thread 'main' (not decided: the model checker's interleavings are not ones the program can take
#include <pthread.h>
#include <stdio.h>

int config;
static pthread_once_t controls[2] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_a(void) { config = 7; }
static void init_b(void) { config = 8; }

static void *worker(void *arg) {
  int which = *(int *)arg;
#ifdef CALLEES
  pthread_once(&once, which ? init_a : init_b);
#else
  pthread_once(&controls[which], init_a);
#endif
  return 0;
}

int main(void) {
  pthread_t t;
  int which = 1;
  pthread_create(&t, 0, worker, &which);
#ifdef RACY
  printf("%d\n", config);
#endif
  pthread_join(t, 0);
  printf("%d\n", config);
  return 0;
}
