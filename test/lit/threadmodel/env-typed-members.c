// clang-format off
// typed-caller-memory: a pointer member of the callers' memory leads to
// the callers' memory of the member's pointee type (by debug information),
// not to one untyped object of theirs. `c->buf` and `c->stats` are two
// objects, so the thread's `c->stats->hits++` and the library's
// `c->buf->len++` do not meet; before, both members led to the one
// untyped object, where `len` and `hits` are both at offset 0: a false
// race. A `void *` member still leads to the untyped object. With -DRACY
// the thread also bumps `c->buf->len`.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// clang-format on
#include <pthread.h>

struct buf {
  int len;
};
struct stats {
  int hits;
};
struct ctx {
  struct buf *buf;
  struct stats *stats;
  void *user;
};

static void *counter(void *p) {
  struct ctx *c = p;
  struct stats *s = c->stats;
  s->hits++;
#ifdef RACY
  c->buf->len++;
#endif
  return 0;
}

int ctx_run(struct ctx *c) {
  pthread_t t;
  pthread_create(&t, 0, counter, c);
  struct buf *b = c->buf;
  b->len++;
  pthread_join(t, 0);
  return 0;
}

void *ctx_user(struct ctx *c) {
  void *u = c->user;
  return u;
}

// PTA-DAG: %{{[0-9]+}} in counter -> {a 'stats' passed by the library's callers}
// PTA-DAG: %{{[0-9]+}} in ctx_run -> {a 'buf' passed by the library's callers}
// PTA-DAG: %{{[0-9]+}} in ctx_user -> {memory passed by the library's callers}
// RACY: env-typed-members.c:43:9: warning: data race on field .len of a 'buf' passed by the library's callers
