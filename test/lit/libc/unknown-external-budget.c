// clang-format off
// Compromise "unknown-external-result": when escaped memory (everything an
// unknown function may hand out) passes the points-to budget, the results
// of unknown functions, and the arguments they call back with, point only
// to an object of the function's own. Otherwise every pointer they return
// would be unresolved and its accesses unchecked (per translation unit on
// librdkafka, two thirds of rdkafka.c's accesses). Under the default budget
// the sound rule holds: the result may be any escaped global.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -racesift-max-points-to=4 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=CUT
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=SOUND
#include <pthread.h>

int g0, g1, g2, g3, g4, g5; // Six globals another file can name.
int *lookup(int key);
void visit(void (*fn)(int *));

static void touch(int *item) { *item = 2; }

void *worker(void *arg) {
  int *p = lookup(1);
  *p = 1;
  visit(touch);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return g0 + g1 + g2 + g3 + g4 + g5;
}

// CUT: write *p at {{.*}}unknown-external-budget.c:22:{{[0-9]+}} objects {ext@lookup+?}
// CUT: write *item at {{.*}}unknown-external-budget.c:18:{{[0-9]+}} objects {ext@visit+?}
// CUT: compromise: unknown-external-result: escaped memory passed the points-to budget

// SOUND: write *p at {{.*}}unknown-external-budget.c:22:{{[0-9]+}} objects {{{.*}}g0{{.*}}g5{{.*}}}
// SOUND-NOT: unknown-external-result
