// clang-format off
// Guards with a remainder and a quotient by unknowns (inputs read with
// strtoul). Z3's incremental solver spent up to two million resource units
// on a satisfiable `(seed * k + id) % width == 3` and gave up, and the races
// stayed possible after spending the module's validation budget. The
// replay now first looks for small inputs that satisfy such a query, and
// leaves a branch the solver cannot decide within its share: both races
// are confirmed, with the inputs that make them happen, and a second run
// prints the same.
// The runs' solver work is the same too (-stats, times removed): the
// replay releases its terms in a fixed order, so Z3 numbers them alike.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2> %t.1
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2> %t.2
// RUN: sed -E 's/[0-9]+\.[0-9]+s//g' %t.1 > %t.1s
// RUN: sed -E 's/[0-9]+\.[0-9]+s//g' %t.2 > %t.2s
// RUN: diff %t.1s %t.2s
// RUN: %FileCheck %s --check-prefix=STATS < %t.1
// RUN: %FileCheck %s --implicit-check-not=warning: < %t.1
// STATS: validation: 4 race(s) replayed, 0 infeasible, 0 not validated; {{[1-9][0-9]*}} steps, {{[1-9][0-9]*}} queries ({{[1-9][0-9]*}} solver units)
// CHECK: nonlinear-guards.c:[[#@LINE+14]]:13: warning: data race on 'shared': write in thread 'worker' conflicts with read in thread 'worker'
// CHECK: note: the interleaving happens with argc = 3, the result of 'strtoul' at line [[#@LINE+21]] = 7, the result of 'strtoul' at line [[#@LINE+22]] = 4
// CHECK: nonlinear-guards.c:[[#@LINE+14]]:12: warning: data race on 'other': write in thread 'worker' conflicts with read in thread 'worker'
// CHECK: note: the interleaving happens with argc = 3, the result of 'strtoul' at line [[#@LINE+19]] = 1, the result of 'strtoul' at line [[#@LINE+20]] = 1
#include <pthread.h>
#include <stdlib.h>

static long shared, other;
static unsigned long seed, width;

static void *worker(void *arg) {
  unsigned long id = (unsigned long)arg;
  for (unsigned long k = 0; k < width; k++) {
    if ((seed * k + id) % width == 3)
      shared++;
    if ((seed / (k + 1)) % (id + 2) == 1)
      other++;
  }
  return NULL;
}

int main(int argc, char **argv) {
  seed = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
  width = argc > 2 ? strtoul(argv[2], NULL, 10) : 0;
  pthread_t t[2];
  for (unsigned long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return (int)(shared + other);
}
