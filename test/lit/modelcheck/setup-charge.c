// clang-format off
// setup-charge: a location's setup (building its graphs and the explorer's
// tables) costs the module's state budget one state per step of the graphs
// built for it, so the budget bounds the time whatever the number of
// locations. Here the graphs of `counter` have more steps than a budget of
// 8 states: the location is set up and not searched, a possible race that
// says the module's budget ran out. Without a module budget (0) it is a
// confirmed race.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-module-states=8 -fplugin-arg-racesift-debug-only=racesift-mc 2>&1 | %FileCheck %s --check-prefix=SMALL --implicit-check-not=warning:
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-module-states=0 2>&1 | %FileCheck %s --check-prefix=ALL --implicit-check-not=warning:
//
// SMALL: racesift-mc: 1 candidate locations, 1 explorations
// SMALL: racesift-mc: counter: setup of {{[1-9][0-9]*}} steps charged, 0 states left
// SMALL-NOT: racesift-mc: counter
// SMALL: setup-charge.c:26:13: warning: possible data race on 'counter': write in thread 'worker' conflicts with {{read|write}} in thread 'worker' (not decided: the module's state budget (max-module-states=8) ran out)
// ALL: setup-charge.c:26:13: warning: data race on 'counter': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
#include <pthread.h>
#include <stdio.h>

static long counter;

static void *worker(void *arg) {
  for (int i = 0; i < 3; i++) {
    if (i == 1)
      puts("halfway");
    counter += i;
  }
  return arg;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return (int)counter;
}
