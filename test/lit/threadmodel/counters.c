// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck --check-prefix=RACE %s
// Loop counters and flags are tracked data: the join loop is exact, so the
// read of `shared` after it cannot race.
#include <pthread.h>
int shared, ready;
_Bool go;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *a) {
  pthread_mutex_lock(&m);
  shared++;
  pthread_mutex_unlock(&m);
  while (!ready)
    ;
  if (go)
    return 0;
  return 0;
}
int main(void) {
  pthread_t tids[4];
  int i;
  unsigned u;
  for (i = 0; i < 4; ++i)
    pthread_create(&tids[i], 0, worker, 0);
  ready = 1;
  go = 1;
  for (i = 0; 4 > i; i++)
    pthread_join(tids[i], 0);
  for (u = 3; u != 0; u -= 1)
    ;
  return shared;
}
// CHECK-DAG: data V{{[0-9]+}} ready memory
// CHECK-DAG: data V{{[0-9]+}} go memory
// CHECK-DAG: data V{{[0-9]+}} i memory
// CHECK-DAG: data V{{[0-9]+}} u memory
// CHECK-LABEL: function worker:
// CHECK-DAG: assume ready == 0 at counters.c:15:3
// CHECK-DAG: assume ready != 0 at counters.c:15:3
// CHECK-DAG: assume go != 0 at counters.c:17:7
// CHECK-DAG: assume go == 0 at counters.c:17:7
// CHECK-LABEL: function main:
// CHECK-DAG: assign i := 0 at counters.c:25:10
// CHECK-DAG: assume i < 4 at counters.c:25:3
// CHECK-DAG: assume i >= 4 at counters.c:25:3
// CHECK-DAG: assign i := i + 1 at counters.c:25:22
// CHECK-DAG: assign ready := 1 at counters.c:27:9
// CHECK-DAG: assign go := 1 at counters.c:28:6
// CHECK-DAG: assume i < 4 at counters.c:29:3
// CHECK-DAG: assume i >= 4 at counters.c:29:3
// CHECK-DAG: assign i := i + 1 at counters.c:29:23
// CHECK-DAG: assign u := 3 at counters.c:31:10
// CHECK-DAG: assume u != 0 at counters.c:31:3
// CHECK-DAG: assign u := u - 1 at counters.c:31:25
// RACE-NOT: data race on 'shared'
// RACE: data race on 'ready'
