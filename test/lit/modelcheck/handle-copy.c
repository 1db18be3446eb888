// handle-copy: a thread id stored from a creation's handle into another
// place (`pthread_t a = spawn();` where spawn returns its local `t`, or
// `pthread_t c = t;`) makes that place a handle of the same thread, so a
// join through it waits for the thread. Before, the join named no
// creation's handle and waited for nothing: main's read after it was a
// possible race. Joining one of two spawned threads still races with the
// other (-DONE_OF_TWO), and a copy taken before its source handle is
// reused joins the first thread only (-DRECREATE: a rewrite of the join
// to the source handle would have joined the second).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DCOPY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DONE_OF_TWO %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -c -DRECREATE %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -S -emit-llvm %s -o - | %opt -load-pass-plugin %racesift_plugin -passes='print<racesift-threads>' -disable-output 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>
#include <stdio.h>

static unsigned long seq;

static void *logger(void *p) {
  (void)p;
  // RACE: handle-copy.c:[[@LINE+1]]:6: warning: data race on 'seq': write in thread 'logger' conflicts with read in thread 'main'
  seq++;
  return NULL;
}

static pthread_t spawn(void) {
  pthread_t t;
  pthread_create(&t, NULL, logger, NULL);
  return t;
}

int main(void) {
#if defined(COPY) || defined(RECREATE)
  pthread_t t, a;
  pthread_create(&t, NULL, logger, NULL);
  a = t;
#ifdef RECREATE
  pthread_create(&t, NULL, logger, NULL);
#endif
#else
  // MODEL: handle_copy a := t at handle-copy.c:[[@LINE+1]]:13
  pthread_t a = spawn();
#endif
#ifdef ONE_OF_TWO
  pthread_t b = spawn();
  (void)b;
#endif
  pthread_join(a, NULL);
  printf("%lu\n", seq);
  return 0;
}
// OK-NOT: warning:
