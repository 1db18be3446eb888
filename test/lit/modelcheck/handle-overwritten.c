// clang-format off
// handle-overwritten: a handle the program writes after a creation stored an
// id there (`t = t2`, a memset) may name another thread when it is joined:
// the join orders nothing, and w1's write races with main's after it (a
// race both layers missed while stores to a private pthread_t local were
// not seen). A handle initialised before its creation (`pthread_t t = 0`)
// still names its thread: no race.
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=COPIED
// RUN: %clang -g -c -DCLEARED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=COPIED
// RUN: %clang -g -c -DINIT %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=INIT --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>
#include <string.h>
int x;
static void *w1(void *p) { x = 1; return 0; }
static void *w2(void *p) { return 0; }
int main(void) {
#ifdef INIT
  pthread_t t = 0;
  pthread_create(&t, 0, w1, 0);
  pthread_join(t, 0);
#else
  pthread_t t, t2;
  pthread_create(&t, 0, w1, 0);
  pthread_create(&t2, 0, w2, 0);
#ifdef CLEARED
  memset(&t, 0, sizeof t);
#else
  t = t2;
#endif
  pthread_join(t, 0);
#endif
  x = 2;
  return 0;
}
// COPIED: handle-overwritten.c:34:5: warning: {{(possible )?}}data race on 'x': write in thread 'main' conflicts with write in thread 'w1'
// INIT-NOT: warning:
// MODEL: join ? (may) at handle-overwritten.c:32:3
