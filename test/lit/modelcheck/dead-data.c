// clang-format off
// dead-data: each worker's trylock result `rc` is tracked (its branch is a
// guard), and after the branch nothing reads it until the next trylock
// writes it again. Kept, it split every later configuration by each
// worker's last outcome (96,423 states to refute the claim below); the
// model checker now forgets a thread's tracked data where no path reads
// it before writing it again (7,408 states), so the claim is refuted
// within a budget that the kept values exhausted.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-max-states=40000 -disable-output %t.ll 2>&1 | %FileCheck %s
//
// CHECK: claimed: refuted (states {{[0-9]+}}, loop counters untracked): the locks' mutual exclusion orders the accesses
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t q = PTHREAD_MUTEX_INITIALIZER;
static int busy;
static long claimed, hits, misses;

static void *worker(void *arg) {
  for (int k = 0; k < 4; k++) {
    int rc = pthread_mutex_trylock(&q);
    if (rc == 0) {
      hits++;
      pthread_mutex_unlock(&q);
    } else {
      pthread_mutex_lock(&q);
      misses++;
      pthread_mutex_unlock(&q);
    }
  }
  pthread_mutex_lock(&m);
  if (busy == 0) {
    busy = 1;
    pthread_mutex_unlock(&m);
    claimed++;
  } else {
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return hits + misses + claimed > 0 ? 0 : 1;
}
