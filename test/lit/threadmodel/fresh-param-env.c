// clang-format off
// fresh-init for a parameter needs every call seen: a library's exported
// fill() is called by its callers as well as by start() with a block it
// just allocated. Taken as fresh because of start()'s call alone, fill's
// write of p->x was dropped, and with it the race between the callers'
// fill(shared) and the worker start() runs on shared (a miss). Functions
// a thread or the library's callers start have no fresh parameters.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
//
// MODEL-LABEL: function fill:
// MODEL-NEXT: N0 -> N1: write p->x at fresh-param-env.c:[[#@LINE+7]]:31
// RACE: fresh-param-env.c:[[#@LINE+6]]:31: warning: {{(possible )?}}data race on field .x of a 's' passed by the library's callers: write by the library's callers conflicts with read in thread 'worker'
#include <pthread.h>
#include <stdlib.h>

struct s { int x; int y; };

void fill(struct s *p) { p->x = 1; }

static void *worker(void *arg) {
  struct s *p = arg;
  return (void *)(long)p->x;
}

pthread_t start(struct s *shared) {
  struct s *n = malloc(sizeof *n);
  fill(n);
  free(n);
  pthread_t t;
  pthread_create(&t, 0, worker, shared);
  return t;
}
