// clang-format off
// env-handles: a library's callers pass back the pointers it gave them.
// lib_create starts a worker on the context it returns; lib_op, called
// with that context, races with the worker on `count`. Before, lib_op's
// parameter pointed only to "a 'ctx' passed by the library's callers",
// never to the context lib_create allocated, and the race was missed. The
// replay passes lib_create's result to lib_op, so the race is confirmed.
// Only pointers to the same type are passed back: other_op's `struct
// other` never meets the worker's context. An out-parameter gives a
// context back too (lib_open(&c); lib_op(c)): its worker's race with
// lib_op is confirmed the same way.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
// clang-format on
#include <pthread.h>
#include <stdlib.h>

struct ctx {
  pthread_t t;
  int count;
};
struct other {
  int count;
};

static void *run(void *p) {
  struct ctx *c = p;
  c->count++;
  return 0;
}

struct ctx *lib_create(void) {
  struct ctx *c = calloc(1, sizeof *c);
  pthread_create(&c->t, 0, run, c);
  return c;
}

void lib_op(struct ctx *c) { c->count += 2; }

void other_op(struct other *o) { o->count += 2; }

struct job {
  pthread_t t;
  int done;
};

static void *work(void *p) {
  struct job *j = p;
  j->done = 1;
  return 0;
}

int job_open(struct job **out) {
  struct job *j = calloc(1, sizeof *j);
  if (!j)
    return -1;
  pthread_create(&j->t, 0, work, j);
  *out = j;
  return 0;
}

int job_done(struct job *j) { return j->done; }

// PTA: %0 in lib_op -> {a 'ctx' passed by the library's callers, heap@env-handles.c:34}
// PTA: %0 in other_op -> {a 'other' passed by the library's callers}
// PTA: %0 in job_open -> {a 'job *' passed by the library's callers}

// CHECK: env-handles.c:39:39: warning: data race on field .count of the heap object allocated at env-handles.c:34: write by the library's callers conflicts with read in thread 'run'
// CHECK: note: the interleaving happens when the program's first calls into this module are 'lib_create', then 'lib_op', each given the pointer the call before returned or stored through its first pointer parameter
// CHECK-NOT: env-handles.c:41:{{.*}}warning
// CHECK: env-handles.c:50:11: warning: data race on field .done of the heap object allocated at env-handles.c:55: write in thread 'work' conflicts with read by the library's callers
// CHECK: note: the interleaving happens when the program's first calls into this module are 'job_open', then 'job_done', each given the pointer the call before returned or stored through its first pointer parameter
