// clang-format off
// lock-order: the model checker keeps the first path to each configuration.
// A consumer that takes the queue under the lock before the producer filled
// it finds it empty, yet the abstract configuration (the queue's pointers
// are not tracked) is the one reached with the critical sections the other
// way round. When the replay rejects every interleaving of a pair as one
// the program cannot take, the search runs again with configurations told
// apart by the order in which instances took locks, and finds the order
// the program can take.
// Race-free: the producer prices the jobs before it publishes them.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
  int cost;
  struct job *next;
};

static struct job *queue;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *producer(void *arg) {
  for (int i = 0; i < 2; ++i) {
    struct job *j = malloc(sizeof *j);
    j->cost = i;
#ifndef RACY
    j->cost *= 2;
#endif
    pthread_mutex_lock(&mu);
    j->next = queue;
    queue = j;
    pthread_mutex_unlock(&mu);
  }
#ifdef RACY
  // Reprices the jobs after publishing them: the consumer walks them
  // without the lock.
  pthread_mutex_lock(&mu);
  for (struct job *j = queue; j; j = j->next)
    j->cost *= 2;
  pthread_mutex_unlock(&mu);
#endif
  return 0;
}

static void *consumer(void *arg) {
  pthread_mutex_lock(&mu);
  struct job *j = queue;
  pthread_mutex_unlock(&mu);
  long total = 0;
  for (; j; j = j->next)
    total += j->cost;
  printf("%ld\n", total);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}

// MC: heap@lock-order.c:29: race
// MC-NEXT: first: producer write j->cost at {{.*}}lock-order.c:44:13
// MC-NEXT: second: consumer read j->cost at {{.*}}lock-order.c:56:17
// RACY: lock-order.c:44:13: warning: data race on field .cost of the heap object allocated at lock-order.c:29: write in thread 'producer' conflicts with read in thread 'consumer'
// FREE-NOT: warning
