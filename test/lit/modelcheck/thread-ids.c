// clang-format off
// thread-ids (issue 20): pthread_self() results and pthread_t memory whose
// every write is understood are tracked data, so a test that only one
// thread instance can pass (`pthread_equal(pthread_self(), owner)`, `==`)
// is a guard. Race-free: the owner idiom at -O0 and -O2, with `==`, and with
// an owner that claims itself. Racy: `!pthread_equal` (two threads pass),
// an owner that changes to a second thread, the unsynchronised `owner =
// t[0]` (a race on owner; x then has one writer), a handle written in a
// create loop (refused: x stays a possible race), and an id compared after
// its thread was joined (glibc may give it to the next thread: the model
// lets a new thread reuse it; the replay cannot, so a possible race).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEQ %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DEQ %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DCLAIM %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DCLAIM %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DNEQ %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DNEQ %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DREASSIGN %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DREASSIGN %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DLATE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LATE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DLATE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LATE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DLOOP %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MAYRACE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DLOOP %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MAYRACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSTALE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=STALE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DSTALE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=STALE --implicit-check-not=warning:
//
// MODEL: data V{{[0-9]+}} owner memory thread-id
// MODEL: data V{{[0-9]+}} t[+0] memory thread-id
// MODEL: data V{{[0-9]+}} self@[[#SELF:]] result thread-id
// MODEL-LABEL: function w:
// MODEL: assign self@[[#SELF]] := self
// MODEL: assume self@[[#SELF]] == o@[[#SELF]]
// MODEL: assume self@[[#SELF]] != o@[[#SELF]]
// MODEL-LABEL: function main:
// MODEL: create w -> id t[+0]
// MODEL: assign owner := t[+0]@
// MODEL: create w -> id t[+8]
//
// OK-NOT: warning:
// RACE: [[#@LINE+25]]:7: warning: data race on 'x': write in thread 'w' conflicts with write in thread 'w'
// LATE: [[#@LINE+67]]:9: warning: data race on 'owner': write in thread 'main' conflicts with read in thread 'w'
// MAYRACE: [[#@LINE+23]]:7: warning: possible data race on 'x': write in thread 'w' conflicts with write in thread 'w'
// STALE: [[#@LINE+43]]:5: warning: possible data race on 'x': write in thread 'main' conflicts with write in thread 'w'
#include <pthread.h>

int x;
pthread_t owner, main_tid;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *w(void *a) {
  pthread_mutex_lock(&m);
#ifdef CLAIM
  if (owner == 0)
    owner = pthread_self();
#endif
  pthread_t o = owner;
  pthread_mutex_unlock(&m);
#if defined(EQ)
  if (pthread_self() == o)
#elif defined(NEQ)
  if (!pthread_equal(pthread_self(), o))
#else
  if (pthread_equal(pthread_self(), o))
#endif
    x = 1;
  return 0;
}

int main(void) {
  pthread_t t[3];
#if defined(LOOP)
  pthread_mutex_lock(&m);
  for (int i = 0; i < 3; i++) {
    pthread_create(&t[i], 0, w, 0);
    if (i == 0)
      owner = t[i];
  }
  pthread_mutex_unlock(&m);
#elif defined(STALE)
  pthread_mutex_lock(&m);
  pthread_create(&t[0], 0, w, 0);
  owner = t[0];
  pthread_mutex_unlock(&m);
  pthread_join(t[0], 0);
  pthread_create(&t[1], 0, w, 0);
  x = 2;
  pthread_join(t[1], 0);
  return x;
#else
  pthread_mutex_lock(&m);
  pthread_create(&t[0], 0, w, 0);
#ifndef LATE
#ifndef CLAIM
  owner = t[0];
#endif
#endif
#ifdef REASSIGN
  pthread_mutex_unlock(&m);
#endif
  pthread_create(&t[1], 0, w, 0);
#ifdef REASSIGN
  pthread_mutex_lock(&m);
  owner = t[1];
#endif
  pthread_create(&t[2], 0, w, 0);
  pthread_mutex_unlock(&m);
#ifdef LATE
  owner = t[0];
#endif
#endif
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return x;
}
