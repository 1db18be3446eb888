// clang-format off
// exit-handlers: on_exit(fn, arg) runs fn(status, arg) at exit. The
// points-to analysis binds arg to fn's second parameter (before, on_exit
// was an unknown function that called fn back at the registration, with
// escaped memory), and the replay runs fn with the status main returned
// or exit was given. A flush of the journal the argument names races with
// a detached logger: confirmed. With exit(1) (-DFAIL) the handler returns
// at once: the race stays possible, never confirmed.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DFAIL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FAIL --implicit-check-not='warning: data race'
// clang-format on
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct log {
  char buf[64];
  int len;
};
static struct log journal;

static void flush(int status, void *arg) {
  struct log *l = arg;
  if (status != 0)
    return;
  fwrite(l->buf, 1, l->len, stdout);
}

static void *logger(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++)
    // OK: on-exit.c:[[#@LINE+3]]:28: warning: data race on 'journal.len': write in thread 'logger' conflicts with read in thread 'main'
    // OK: on-exit.c:[[#@LINE+2]]:37: warning: data race on 'journal[]': write in thread 'logger' conflicts with read in thread 'main'
    // FAIL: on-exit.c:[[#@LINE+1]]:28: warning: possible data race on 'journal.len': write in thread 'logger' conflicts with read in thread 'main'
    journal.buf[journal.len++ % 64] = 'x';
  return NULL;
}

int main(void) {
  // OK: on-exit.c:[[#@LINE+1]]:3: note: the read in thread 'main' is in 'flush', called from 'exit' here
  on_exit(flush, &journal);
  pthread_t t;
  pthread_create(&t, NULL, logger, NULL);
  pthread_detach(t);
#ifdef FAIL
  exit(1);
#endif
  return 0;
}
