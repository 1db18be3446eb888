// clang-format off
// The model checker starts main with the tracked globals at their
// initialisers' values. A constructor that runs before main (here a
// constructor attribute; in C++ every global with a dynamic initialiser)
// may change them: `go` started at 0 though the constructor set it to 1.
// What the constructors may write has no initial value now (-DCTOR).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PLAIN
// RUN: %clang -g -O0 -S -emit-llvm -DCTOR %s -o %t.ctor.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ctor.ll 2>&1 | %FileCheck %s --check-prefix=CTOR
//
// PLAIN: data V{{[0-9]+}} go memory initially 0
// CTOR: data V{{[0-9]+}} go memory{{$}}
#include <pthread.h>

static volatile int go;
static int x;

#ifdef CTOR
__attribute__((constructor)) static void start_ready(void) { go = 1; }
#endif

static void *worker(void *arg) {
  while (!go)
    ;
  x = 1;
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  go = 1;
  pthread_join(t, 0);
  return x;
}
