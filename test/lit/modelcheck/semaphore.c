// clang-format off
// Semaphore hand-off: sem_init gives 0, the consumer's sem_wait blocks
// until the producer's sem_post, which follows the producer's write.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <semaphore.h>

int item, early;
sem_t full;

void *producer(void *arg) {
  early = 1;
  item = 42;
  sem_post(&full);
  return 0;
}

int main(void) {
  pthread_t t;
  sem_init(&full, 0, 0);
  pthread_create(&t, 0, producer, 0);
  early = 2;
  sem_wait(&full);
  int v = item;
  pthread_join(t, 0);
  return v;
}

// CHECK: early: race
// CHECK: item: refuted
