// clang-format off
// Tracked flags: a test-and-set busy flag claimed under a mutex, and a
// phase variable tested against a constant. Both guarded writes are
// refuted; the counter that nothing orders is a race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int busy, claimed_data, phase, phase_data, counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (busy == 0) {
    busy = 1;
    pthread_mutex_unlock(&m);
    claimed_data = 1;
  } else {
    pthread_mutex_unlock(&m);
  }
  counter = counter + 1;
  return 0;
}

void *late(void *arg) {
  if (phase == 1)
    phase_data = 2;
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_create(&c, 0, late, 0);
  phase_data = 1;
  phase = 1;
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}

// CHECK: racesift-mc: module
// CHECK-NOT: claimed_data: race
// CHECK: counter: race
// CHECK: witness:
// CHECK: worker#{{[12]}}: write counter
// CHECK-NEXT: worker#{{[12]}}: read counter
// CHECK-NEXT: also race
// CHECK-NEXT: first: worker write counter
// CHECK-NEXT: second: worker write counter
// CHECK: worker#{{[12]}}: write counter
// CHECK-NEXT: worker#{{[12]}}: write counter
// CHECK-NEXT: phase: race
// CHECK-NOT: phase_data: race
// CHECK: phase_data: refuted
