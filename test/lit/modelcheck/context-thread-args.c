// clang-format off
// context-parameters for start routines: two creation sites of one routine
// pass two contexts (`pthread_create(.., worker, &c1)`, `(.., worker,
// &c2)`). worker's parameter points to both, so each instance seemed to
// touch both contexts; the model checker now builds the routine's graph
// per creation site, with the parameter narrowed to what the site passes,
// through helpers too (worker -> bump). Before, the race-free program had
// a "possible" race on c1.n the replay could not confirm. With -DRACY the
// second site passes c1 as well: a race. With -DEITHER it passes c1 or c2,
// as the creator decides at run time: the instances may meet on c1.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEITHER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <stdlib.h>

struct ctx {
  int n;
};
struct ctx c1, c2;

static void bump(struct ctx *c) { c->n++; }

static void *worker(void *a) {
  bump(a);
  return 0;
}

int main(int argc, char **argv) {
  pthread_t a, b;
  struct ctx *second = &c2;
#if defined(RACY)
  second = &c1;
#elif defined(EITHER)
  if (argc > 1)
    second = &c1;
#endif
  pthread_create(&a, 0, worker, &c1);
  pthread_create(&b, 0, worker, second);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return c1.n + c2.n;
}
// FREE: model checker 0 locations racing, 2 refuted, 0 undecided
// RACY: context-thread-args.c:23:39: warning: data race on 'c1.n': write in thread 'worker' conflicts with read in thread 'worker'
