// clang-format off
// The two semantic options of the transition system:
// - spurious-wakeups: a wait tested with `if` instead of `while` lets the
//   consumer read 'item' before the producer's write once waits may return
//   without a signal;
// - any-thread-unlock (Linux, the paper's OpenTFTP): a thread releasing a
//   mutex another thread holds lets main past its second lock, and the
//   increments of 'handoff' meet; under POSIX both threads block.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=POSIX
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-spurious-wakeups -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=SPURIOUS
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-any-thread-unlock -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=ANYUNLOCK
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
int ready, item;

void *consumer(void *arg) {
  pthread_mutex_lock(&lock);
  if (!ready)
    pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);
  return (void *)(long)item;
}

pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
int handoff;

void *opener(void *arg) {
  pthread_mutex_unlock(&gate);
  handoff++;
  return 0;
}

int main(void) {
  pthread_t c, o;
  pthread_create(&c, 0, consumer, 0);
  pthread_mutex_lock(&lock);
  item = 42;
  ready = 1;
  pthread_cond_signal(&cond);
  pthread_mutex_unlock(&lock);

  pthread_mutex_lock(&gate);
  pthread_create(&o, 0, opener, 0);
  pthread_mutex_lock(&gate);
  handoff++;
  return 0;
}

// POSIX-DAG: item: refuted
// POSIX-DAG: handoff: refuted
// SPURIOUS-DAG: item: race
// SPURIOUS-DAG: handoff: refuted
// ANYUNLOCK-DAG: item: refuted
// ANYUNLOCK-DAG: handoff: race
