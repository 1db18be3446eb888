// clang-format off
// thread-results: what a start routine returns, or passes to pthread_exit,
// is what pthread_join stores through its second argument. Before, the
// joined pointer pointed to nothing, so main's read through it touched no
// object and its race with a thread still running was missed (TSan 3/3).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DEXIT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
#include <pthread.h>
#include <stdio.h>

struct stats {
  long n;
};
static struct stats s;

static void *getter(void *p) {
  (void)p;
#ifdef EXIT
  pthread_exit(&s);
#endif
  return &s;
}

static void *writer(void *p) {
  (void)p;
  s.n++;
  return NULL;
}

int main(void) {
  pthread_t g, w;
  void *r;
  pthread_create(&g, NULL, getter, NULL);
  pthread_create(&w, NULL, writer, NULL);
  pthread_join(g, &r);
#ifdef SAFE
  pthread_join(w, NULL);
#endif
  long v = ((struct stats *)r)->n;
#ifndef SAFE
  pthread_join(w, NULL);
#endif
  printf("%ld\n", v);
  return 0;
}

// PTA-LABEL: racesift-pta: module 'thread-results.c'
// The load of r in main, then the pointer it yields:
// PTA: in main -> {r}
// PTA: in main -> {s}

// RACY: thread-results.c:29:6: warning: data race on 's.n': write in thread 'writer' conflicts with read in thread 'main'
// RACY: thread-results.c:42:33: note: conflicting read in thread 'main' here
// SAFE-NOT: warning:
