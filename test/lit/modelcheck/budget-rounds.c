// clang-format off
// budget-rounds: under the module's state budget every location first
// gets 1/64 of its own budget and only those that ran out get four times
// as much in the next round, up to all of it in the fourth, from what is
// left. `x1`..`x5` (two accesses each, so examined first) are past any
// budget: each worker's semaphore loop keeps its counter tracked. With a
// quarter in the first round, four of them spent the module's budget and
// the plain race on `y` was left unexamined, a possible race; now `y` is
// confirmed, and each `x` says which budget ran out. (Budgets of 20,000
// states keep the run well inside the wall-clock safety net under ASan.)
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-states=20000 -fplugin-arg-racesift-max-module-states=20000 2>&1 | %FileCheck %s --implicit-check-not=warning:
//
// CHECK-DAG: budget-rounds.c:[[@LINE+14]]:5: warning: data race on 'y': write in thread 'worker' conflicts with write in thread 'worker'
// CHECK-DAG: budget-rounds.c:[[@LINE+18]]:6: warning: possible data race on 'x1': write in thread 'worker' conflicts with write in thread 'worker' (not decided: {{.*}}budget{{.*}})
// CHECK-DAG: budget-rounds.c:[[@LINE+18]]:6: warning: possible data race on 'x2': write in thread 'worker' conflicts with write in thread 'worker' (not decided: {{.*}}budget{{.*}})
// CHECK-DAG: budget-rounds.c:[[@LINE+18]]:6: warning: possible data race on 'x3': write in thread 'worker' conflicts with write in thread 'worker' (not decided: {{.*}}budget{{.*}})
// CHECK-DAG: budget-rounds.c:[[@LINE+18]]:6: warning: possible data race on 'x4': write in thread 'worker' conflicts with write in thread 'worker' (not decided: {{.*}}budget{{.*}})
// CHECK-DAG: budget-rounds.c:[[@LINE+18]]:6: warning: possible data race on 'x5': write in thread 'worker' conflicts with write in thread 'worker' (not decided: {{.*}}budget{{.*}})
// CHECK-DAG: budget-rounds.c:[[@LINE+26]]:5: warning: data race on 'y': write in thread 'main' conflicts with write in thread 'worker'
#include <pthread.h>
#include <semaphore.h>

static sem_t s;
static int x1, x2, x3, x4, x5, y;

static void *worker(void *arg) {
  y = 1;
  for (int k = 0; k < 500; k++) {
    sem_wait(&s);
    sem_post(&s);
  }
  x1 = 1;
  x2 = 1;
  x3 = 1;
  x4 = 1;
  x5 = 1;
  return 0;
}

int main(void) {
  pthread_t t[3];
  sem_init(&s, 0, 1);
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  y = 2;
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return y;
}
