// clang-format off
// ctor-threads: a thread started by a global constructor exists before main
// runs, so main's accesses race with it like any other thread's. The root
// thread runs the module's constructors, then main, when one of them may
// start a thread (print<racesift-threads>: "constructors before main"), and
// the MHP layer's before-threads rule no longer applies. Before, creations
// in constructors were not in the model: the racy variant had no warning
// (TSan 5/5). SAFE: main takes the lock (no warning); NOTHREAD: the
// constructor starts no thread and the model is main's alone.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=NONE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DNOTHREAD %s -o %t.n.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.n.ll 2>&1 | %FileCheck %s --check-prefix=NOCTOR
// RUN: %clang -x c++ -std=c++17 -g -O0 -c -DCXX %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CXX --implicit-check-not=warning:
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int interval = 10;
static pthread_t flusher;

static void *flush_loop(void *p) {
  (void)p;
  pthread_mutex_lock(&mu);
  int seen = interval;
  pthread_mutex_unlock(&mu);
  return (void *)(long)seen;
}

#ifdef CXX
// A global object's constructor starts it.
struct Flusher {
  Flusher() { pthread_create(&flusher, NULL, flush_loop, NULL); }
};
static Flusher the_flusher;
#else
__attribute__((constructor)) static void start_flusher(void) {
#ifndef NOTHREAD
  pthread_create(&flusher, NULL, flush_loop, NULL);
#endif
}
#endif

int main(void) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  interval = 5;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
#ifndef NOTHREAD
  pthread_join(flusher, NULL);
#endif
  return 0;
}

// MODEL: constructors before main: start_flusher
// MODEL: creations:
// MODEL-NEXT: C0 in start_flusher at ctor-threads.c:{{[0-9]+}}:3 -> flush_loop handles flusher
// MHP: before-threads not applied: a global constructor starts a thread before main
// NOCTOR-NOT: constructors before main

// RACY: ctor-threads.c:51:12: warning: data race on 'interval': write in thread 'main' conflicts with read in thread 'flush_loop'
// CXX: ctor-threads.c:51:12: warning: data race on 'interval': write in thread 'main' conflicts with read in thread 'flush_loop'
// NONE-NOT: warning:
