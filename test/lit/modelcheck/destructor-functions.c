// clang-format off
// exit-handlers: a destructor function (__attribute__((destructor)), in
// llvm.global_dtors) runs at exit after the atexit handlers, in main's
// thread, while a detached watcher still counts (-DDETACH: confirmed;
// TSan 3/3). Joined before main returns, the watcher's writes come first
// (the MHP layer's after-join). Before, destructor functions were never
// run: the race was missed.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DDETACH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=DETACH --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long events;
static int done;

static void flush(void) { fflush(stdout); }

// MODEL: exit handlers: flush report
// MHP: read events at destructor-functions.c:[[#@LINE+1]]:{{[0-9]+}} in report (thread main): after every watcher
__attribute__((destructor)) static void report(void) { printf("%ld\n", events); }

static void *watcher(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++)
    // DETACH: destructor-functions.c:[[#@LINE+2]]:11: warning: data race on 'events': write in thread 'watcher' conflicts with read in thread 'main'
    // DETACH: destructor-functions.c:[[#@LINE-6]]:72: note: conflicting read in thread 'main' here
    events++;
  return NULL;
}

int main(void) {
  atexit(flush);
  pthread_t t;
  pthread_create(&t, NULL, watcher, NULL);
#ifdef DETACH
  pthread_detach(t);
#else
  pthread_join(t, NULL);
#endif
  return 0;
}
// DETACH: note: the read in thread 'main' is in 'report', called from 'exit' here
// FREE-NOT: warning
