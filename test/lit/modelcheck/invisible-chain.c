// clang-format off
// invisible-chain: a thread that runs a counting loop of its own before
// the racing access (a lazily built singleton computing its table) stored
// one state per loop step for every order of the other threads' visible
// steps before it: 250000 states for four workers, so the race was not
// decided within the module's budget. A thread that moves alone through
// invisible steps now chains them and stores only the chain's end; chained
// steps cost the budget an eighth of a state each (-racesift-debug-only
// shows both counts).
// Race-free: the instance is built under a mutex.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-max-states=2000 -racesift-debug-only=racesift-mc -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-states=2000 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-states=2000 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
#include <pthread.h>
#include <stdlib.h>

struct registry {
  int base;
};

static struct registry *instance;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static int compute(void) {
  int b = 0;
  for (int i = 0; i < 100; ++i)
    b += i;
  return b;
}

static struct registry *get(void) {
#ifndef RACY
  pthread_mutex_lock(&mu);
#endif
  if (!instance) {
    struct registry *r = malloc(sizeof *r);
    r->base = compute();
    instance = r;
  }
  struct registry *r = instance;
#ifndef RACY
  pthread_mutex_unlock(&mu);
#endif
  return r;
}

static int out[4];

static void *worker(void *arg) {
  long i = (long)arg;
  out[i] = get()->base + (int)i;
  return 0;
}

int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 4; ++i)
    pthread_join(t[i], 0);
  return out[0];
}

// MC: racesift-mc: instance (again, {{[0-9]+}} states): race ({{[0-9]+}} states, {{[1-9][0-9]*}} chained steps,
// RACY: invisible-chain.c:39:14: warning: data race on 'instance': write in thread 'worker' conflicts with read in thread 'worker'
// FREE-NOT: warning: {{.*}}'instance'
