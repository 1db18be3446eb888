// clang-format off
// pthread_once: the first caller runs init, later callers skip it and
// wait for it to finish, so the read after pthread_once is ordered. The
// MHP layer's once rule decides it; with init reached through a function
// pointer (INDIRECT) init is not a once body for that rule (its address
// goes elsewhere), and the model checker's once rule refutes it instead.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP-DECIDES
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DINDIRECT %s -o %t.indirect.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.indirect.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int config;
pthread_once_t once = PTHREAD_ONCE_INIT;

void init(void) { config = 7; }
#ifdef INDIRECT
void (*init_fn)(void) = init;
#else
#define init_fn init
#endif

void *worker(void *arg) {
  pthread_once(&once, init_fn);
  return (void *)(long)config;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// CHECK: config: refuted
// MHP-DECIDES: racesift-mc: module
// MHP-DECIDES-NOT: config:
// MHP: once controls: once
// MHP-NEXT: once body of once: init
// MHP: after once:
// MHP-NEXT: read config at once.c:26:{{[0-9]+}} in worker: after once
