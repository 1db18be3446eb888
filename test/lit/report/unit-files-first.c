// clang-format off
// unit-files-first: a location's candidate pairs are kept (at most 16) and
// an undecided one is shown by its first pair; accesses in the files being
// compiled now come before those in headers. Before, the header's path
// sorted first and the warning named only the header (a counter next to a
// std::string cache was shown by a pair in charconv.h, the counter's own
// line nowhere). Here the header's unlocked update and the locked
// `counter++` race; with the state budget spent the location is undecided.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-states=4 -fplugin-arg-racesift-max-module-states=4 2>&1 | %FileCheck %s
//
// CHECK: stats.h:3:52: warning: possible data race on 'counter': write in thread 'worker' conflicts with read in thread 'worker' (not decided: the module's state budget (max-module-states=4) ran out)
// CHECK: unit-files-first.c:[[#@LINE+11]]:10: note: conflicting read in thread 'worker' here
#include <pthread.h>

#include "Inputs/stats.h"

long counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *a) {
  stats_add(&counter, 2);
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return a;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return (int)counter;
}
