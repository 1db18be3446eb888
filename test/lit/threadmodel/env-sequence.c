// clang-format off
// env-root: a library's callers call its entries in any order, any number
// of times (one caller thread). lib_start starts the worker and a later
// api_submit races with it on `pending`; before, the environment called
// one entry and stopped, so the pair was refuted ("thread creation orders
// the accesses") and ZooKeeper's mt_adaptor.c had no finding at all.
// `processed` is always under `mu`; `running` is the callers' alone. A
// second lib_start starts a second worker: the workers race too. The
// replay calls the entries in turn (validation-entry): lib_start, then
// api_submit confirms the first race, lib_start twice the second.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// clang-format on
#include <pthread.h>

static pthread_t worker;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int pending;
static int processed;
static int running;

static void *loop(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
  processed += pending;
  pthread_mutex_unlock(&mu);
  pending = 0;
  return 0;
}

int lib_start(void) {
  running = 1;
  return pthread_create(&worker, 0, loop, 0);
}

void api_submit(int n) { pending += n; }

int api_processed(void) {
  pthread_mutex_lock(&mu);
  int p = processed;
  pthread_mutex_unlock(&mu);
  return p;
}

void lib_stop(void) {
  pthread_join(worker, 0);
  running = 0;
}

// The start routine is no entry of its own; lib_start runs again and again.
// MODEL: templates:
// MODEL-NEXT: T0 <env> once
// MODEL-NEXT: T1 loop many
// MODEL: creations:
// MODEL-NEXT: C0 in lib_start at env-sequence.c:34:10 -> loop loop

// CHECK-DAG: env-sequence.c:28:11: warning: data race on 'pending': write in thread 'loop' conflicts with read in thread 'loop'
// CHECK-DAG: env-sequence.c:28:11: warning: data race on 'pending': write in thread 'loop' conflicts with write in thread 'loop'
// CHECK-DAG: env-sequence.c:28:11: note: the interleaving happens when the program's first calls into this module are 'lib_start', then 'lib_start'
// CHECK-DAG: env-sequence.c:28:11: warning: data race on 'pending': write in thread 'loop' conflicts with read by the library's callers
// CHECK-DAG: env-sequence.c:37:34: warning: data race on 'pending': write by the library's callers conflicts with read in thread 'loop'
// CHECK-DAG: env-sequence.c:37:34: note: the interleaving happens when the program's first calls into this module are 'lib_start', then 'api_submit', with n = 0
