// clang-format off
// Each access of a finding carries the calls from its thread's start
// routine: a helper in a shared header reached by two threads through
// different functions. A confirmed race takes them from its interleaving;
// a possible race (layers=lockset) shows one shortest path and says so.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -g -c %s -o %t/c.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t/c.sarif > %t/diags.txt 2>&1
// RUN: %FileCheck %s < %t/diags.txt
// RUN: %python %S/Inputs/stacks.py %t/c.sarif | %FileCheck %s --check-prefix=SARIF
// RUN: %clang -g -c %s -o %t/l.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-layers=lockset -fplugin-arg-racesift-sarif=%t/l.sarif > %t/lockset.txt 2>&1
// RUN: %FileCheck %s --check-prefix=LOCKSET < %t/lockset.txt
// RUN: %python %S/Inputs/stacks.py %t/l.sarif | %FileCheck %s --check-prefix=LOCKSET-SARIF
#include <pthread.h>
#include "Inputs/counter.h"

int counter;

static void step(void) {
  inc(&counter);
}

static void *worker_a(void *arg) {
  step();
  return 0;
}

static void *worker_b(void *arg) {
  inc(&counter);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker_a, 0);
  pthread_create(&b, 0, worker_b, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// The race is in the header; the notes after the interleaving lead from
// each access out to its thread's start routine, each at its call.
// CHECK: counter.h:3:{{[0-9]+}}: warning: data race on 'counter': write in thread 'worker_{{[ab]}}' conflicts with {{read|write}} in thread 'worker_{{[ab]}}'
// CHECK: note: interleaving:
// CHECK-DAG: call-paths.c:19:3: note: the {{read|write}} in thread 'worker_a' is in 'inc', called from 'step' here
// CHECK-DAG: call-paths.c:23:3: note: 'step' called from 'worker_a' here
// CHECK-DAG: call-paths.c:28:3: note: the {{read|write}} in thread 'worker_b' is in 'inc', called from 'worker_b' here
// CHECK-NOT: warning:

// SARIF: result data-race
// SARIF-DAG: stack The calls by which thread 'worker_a' reached the {{read|write}}.
// SARIF-DAG: inc@counter.h:3 <- step@call-paths.c:19 <- worker_a@call-paths.c:23
// SARIF-DAG: stack The calls by which thread 'worker_b' reached the {{read|write}}.
// SARIF-DAG: inc@counter.h:3 <- worker_b@call-paths.c:28
// SARIF-DAG: essential worker_a#{{[0-9]+}} {{read|write}} *p nestingLevel 2
// SARIF-DAG: essential worker_b#{{[0-9]+}} {{read|write}} *p nestingLevel 1

// LOCKSET: counter.h:3:{{[0-9]+}}: warning: possible data race on 'counter'
// LOCKSET-DAG: call-paths.c:19:3: note: one way thread 'worker_a' reaches the {{read|write}} in 'inc': called from 'step' here
// LOCKSET-DAG: call-paths.c:23:3: note: 'step' called from 'worker_a' here
// LOCKSET-DAG: call-paths.c:28:3: note: one way thread 'worker_b' reaches the {{read|write}} in 'inc': called from 'worker_b' here

// LOCKSET-SARIF: result possible-data-race
// LOCKSET-SARIF-DAG: stack (example) One way thread 'worker_a' may reach the {{read|write}} (a shortest call path; it may take others).
// LOCKSET-SARIF-DAG: inc@counter.h:3 <- step@call-paths.c:19 <- worker_a@call-paths.c:23
// LOCKSET-SARIF-DAG: inc@counter.h:3 <- worker_b@call-paths.c:28
