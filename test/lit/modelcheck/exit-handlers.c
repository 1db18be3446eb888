// clang-format off
// exit-handlers: a handler atexit registered runs in main's thread after
// main returns, or in the thread that calls exit(), while the other threads
// go on. A detached logger still filling the buffer races with the flush
// (-DDETACH: confirmed; -DEXIT: main calls exit() instead of returning,
// confirmed too);
// joined before main returns, it does not. Before, handlers were never run:
// the race was missed.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DDETACH %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DDETACH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=DETACH --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DDETACH -DEXIT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EXIT
// clang-format on
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char logbuf[64];
static int loglen;

// MODEL: exit handlers: flush
static void flush(void) { fwrite(logbuf, 1, loglen, stdout); }

static void *logger(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++)
    // DETACH: exit-handlers.c:[[#@LINE+3]]:18: warning: data race on 'loglen': write in thread 'logger' conflicts with read in thread 'main'
    // DETACH: exit-handlers.c:[[#@LINE+2]]:27: warning: data race on 'logbuf[]': write in thread 'logger' conflicts with read in thread 'main'
    // EXIT: exit-handlers.c:[[#@LINE+1]]:18: warning: data race on 'loglen': write in thread 'logger' conflicts with read in thread 'main'
    logbuf[loglen++ % 64] = 'x';
  return NULL;
}

int main(void) {
  atexit(flush);
  pthread_t t;
  pthread_create(&t, NULL, logger, NULL);
#ifdef DETACH
  pthread_detach(t);
#else
  pthread_join(t, NULL);
#endif
#ifdef EXIT
  exit(0);
#endif
  return 0;
}
// FREE-NOT: warning
