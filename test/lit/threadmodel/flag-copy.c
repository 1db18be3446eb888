// clang-format off
// A flag read under its lock into a local and tested after the unlock
// (`int r = ready;`) is tracked through the copy: the worker leaves its poll
// loop only once main has set the flag, so the data main wrote before it is
// ordered. Written after the flag (RACY), the data races. A copy that is
// never tested (`return counter`) does not make a variable a flag.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll > %t.txt 2>&1
// RUN: %FileCheck %s < %t.txt
// RUN: %FileCheck %s --check-prefix=COUNTER < %t.txt
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
// RUN: %clang -g -c %s -o %t.o -DRACY -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <pthread.h>
#include <sched.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int ready;
static double data;
static int counter;

static void *worker(void *p) {
  for (;;) {
    pthread_mutex_lock(&mu);
    int r = ready;
    pthread_mutex_unlock(&mu);
    if (r)
      break;
    sched_yield();
  }
  counter = 1;
  return (void *)(long)data;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#ifndef RACY
  data = 3.5;
#endif
  pthread_mutex_lock(&mu);
  ready = 1;
  pthread_mutex_unlock(&mu);
#ifdef RACY
  data = 3.5;
#endif
  pthread_join(t, 0);
  return counter;
}

// CHECK-LABEL: function worker:
// CHECK: read ready at {{.*}}flag-copy.c:24:13
// CHECK-NEXT: assign r := ready at {{.*}}flag-copy.c:24:9
// CHECK-NEXT: unlock mu at {{.*}}flag-copy.c:25:5
// CHECK-NEXT: assume r != 0 at {{.*}}flag-copy.c:26:9
// CHECK-NEXT: assume r == 0 at {{.*}}flag-copy.c:26:9

// COUNTER: write counter at {{.*}}flag-copy.c:30:11
// COUNTER-NOT: assign counter

// SAFE-NOT: data race
// RACY: flag-copy.c:44:8: warning: data race on 'data': write in thread 'main' conflicts with read in thread 'worker'
// RACY-NOT: data race
