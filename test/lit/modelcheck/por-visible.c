// clang-format off
// Partial-order reduction: w's write of x is followed by its read of x, so
// the write is a visible step even though w stays at an access of x (the
// race property changes from "w writes" to "w reads"). With POR on (the
// default) the race with r's read is found, as without it; under a mutex
// the lockset layer protects it, so nothing reaches the model checker.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-por=0 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MC
// RUN: %clang -g -O0 -c %s -o %t.o -DLOCKED -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DLOCKED %s -o %t2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t2.ll 2>&1 | %FileCheck %s --check-prefix=MCOK
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#ifdef LOCKED
#define LOCK pthread_mutex_lock(&m)
#define UNLOCK pthread_mutex_unlock(&m)
#else
#define LOCK
#define UNLOCK
#endif

void *w(void *a) { LOCK; x = 1; int y = x; UNLOCK; (void)y; return 0; }
void *r(void *a) { LOCK; int t = x; UNLOCK; (void)t; return 0; }

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, 0);
  pthread_create(&t2, 0, r, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}

// RACE: por-visible.c:26:{{[0-9]+}}: warning: data race on 'x': write in thread 'w' conflicts with read in thread 'r'
// RACE: por-visible.c:27:{{[0-9]+}}: note: conflicting read in thread 'r' here
// MC: x: race
// MC-NEXT: first: w write x at {{.*}}por-visible.c:26
// MC-NEXT: second: r read x at {{.*}}por-visible.c:27
// OK-NOT: data race
// MCOK: racesift-mc: module
// MCOK-NOT: race
