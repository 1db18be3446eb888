// clang-format off
// pthread_barrier_wait returns PTHREAD_BARRIER_SERIAL_THREAD (-1) to
// exactly one waiter of each cycle. The replay took each waiter's result
// as an input in {0, -1}, so two workers "both" reduced: a confirmed race
// on `total` between two serial threads, which no barrier allows. The
// replay now counts each barrier's waiters (pthread_barrier_init's count),
// gives -1 to one of each complete cycle, and ends a path in which a
// waiter runs on before its cycle is complete. barrier-serial: the model
// checker too gives -1 to one waiter of each cycle, any of them (one
// successor per choice), so the two reductions that stayed a possible race
// are refuted. Without the second wait (-DRACY) the reduction's write races
// with the other workers' read.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=GRAPH
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
//
// GRAPH: barrier_wait bar -> barrier@[[#@LINE+17]] at barrier-serial.c:[[#@LINE+17]]:12
// GRAPH: barrier_wait bar at barrier-serial.c:[[#@LINE+24]]:3
// RACY: barrier-serial.c:[[#@LINE+20]]:11: warning: data race on 'total': write in thread 'worker' conflicts with read in thread 'worker'
// RACY: barrier-serial.c:[[#@LINE+24]]:15: note: conflicting read in thread 'worker' here
// CHECK-NOT: warning
// clang-format on
#include <pthread.h>
#include <stdint.h>

#define NT 3
static pthread_barrier_t bar;
static long partial[NT], share[NT];
static long total;

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  partial[id] = id * 10;
  int rc = pthread_barrier_wait(&bar);
  if (rc == PTHREAD_BARRIER_SERIAL_THREAD) {
    long t = 0;
    for (int i = 0; i < NT; i++)
      t += partial[i];
    total = t;
  }
#ifndef RACY
  pthread_barrier_wait(&bar);
#endif
  share[id] = total - partial[id];
  return 0;
}

int main(void) {
  pthread_t t[NT];
  pthread_barrier_init(&bar, 0, NT);
  for (int i = 0; i < NT; i++)
    pthread_create(&t[i], 0, worker, (void *)(intptr_t)i);
  for (int i = 0; i < NT; i++)
    pthread_join(t[i], 0);
  return (int)share[0];
}
