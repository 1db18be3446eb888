// clang-format off
// One warning per pair of source accesses: worker writes through p and main
// reads through q, and both may point to 'a' or 'b'. The two locations give
// one warning, on 'a', whose note names 'b'; SARIF has one result too.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=SARIF < %t.sarif
#include <pthread.h>

int a, b;

void *worker(void *arg) {
  int *p = arg;
  *p = 1;
  return 0;
}

int main(int argc, char **argv) {
  pthread_t t;
  int *q = argc > 1 ? &a : &b;
  pthread_create(&t, 0, worker, q);
  int seen = *q;
  pthread_join(t, 0);
  return seen;
}

// CHECK: fold-locations.c:13:6: warning: data race on 'a': write in thread 'worker' conflicts with read in thread 'main'
// CHECK: note: the same two accesses also touch 1 other location(s): 'b'
// CHECK-NOT: warning: data race

// SARIF: "results": [
// SARIF-COUNT-1: "ruleId": "data-race"
// SARIF-NOT: "ruleId":
