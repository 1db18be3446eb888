// clang-format off
// cancel: main's write before cancelling the running worker races with it.
// The blocked worker is cancelled (cancel2) and joined: main's write of x
// after the join is ordered by the MHP layer (the model checker refuted it).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <semaphore.h>

int x, y;
sem_t s;

void *blocked(void *arg) {
  sem_wait(&s);
  x = 1;
  return 0;
}

void *running(void *arg) {
  y = 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  sem_init(&s, 0, 0);
  pthread_create(&a, 0, blocked, 0);
  pthread_create(&b, 0, running, 0);
  y = 2;
  pthread_cancel(a);
  pthread_cancel(b);
  sem_post(&s);
  pthread_join(a, 0);
  x = 2;
  return 0;
}

// CHECK-NOT: x:
// CHECK: y: race
// CHECK: witness:
// CHECK: running#2: write y
