// clang-format off
// env-parameters: in a unit without main, the library's callers pass memory
// of their own to its exported functions. start() hands its caller's
// context to a worker and both count in it: a race (it was missed, the
// parameter pointing nowhere). A function whose address the caller gets
// (`c->code = &encode`, called from another unit, as xz's coders) is an
// entry of the environment too: its creation is found (-DCALLBACK). Locked
// counting (-DLOCKED) is race-free.
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=START
// RUN: %clang -g -c -DCALLBACK %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CALLBACK
// RUN: %clang -g -c -DLOCKED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LOCKED --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DCALLBACK -DLOCKED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LOCKED --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone -DCALLBACK %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>

struct ctx {
  int (*code)(struct ctx *);
  pthread_t t;
  pthread_mutex_t m;
  int n;
};

static void count(struct ctx *c) {
#ifdef LOCKED
  pthread_mutex_lock(&c->m);
#endif
  c->n++;
#ifdef LOCKED
  pthread_mutex_unlock(&c->m);
#endif
}

static void *worker(void *p) {
  count(p);
  return 0;
}

#ifdef CALLBACK
static int encode(struct ctx *c) {
  pthread_create(&c->t, 0, worker, c);
  count(c);
  return 0;
}
void coder_init(struct ctx *c) { c->code = &encode; }
#else
void start(struct ctx *c) {
  pthread_create(&c->t, 0, worker, c);
  count(c);
}
#endif
// START: env-parameters.c:28:7: warning: data race on field .n of a 'ctx' passed by the library's callers: write by the library's callers conflicts with read in thread 'worker'
// CALLBACK: env-parameters.c:28:7: warning: data race on field .n of a 'ctx' passed by the library's callers: write by the library's callers conflicts with read in thread 'worker'
// MODEL: C0 in encode at env-parameters.c:41:3 -> worker
// LOCKED-NOT: warning:
