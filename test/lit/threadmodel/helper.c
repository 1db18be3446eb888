// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.O2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.O2.ll 2>&1 | %FileCheck %s
// A defined helper that returns only constants: its result is tracked data,
// assigned on each return and assumed on the caller's branch.
#include <pthread.h>
int busy, data;
int try_claim(void) {
  if (busy)
    return 0;
  busy = 1;
  return 1;
}
// A helper returning a tracked local (a comparison result): ret := ok.
int flag;
int claim_flag(void) {
  int ok = !flag;
  if (ok)
    flag = 1;
  return ok;
}
void *worker(void *a) {
  if (try_claim())
    data = 1;
  if (claim_flag())
    data = 2;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_create(&t, 0, worker, 0);
  return 0;
}
// CHECK: data V{{[0-9]+}} ret@try_claim result
// CHECK-LABEL: function try_claim:
// CHECK-DAG: assign ret@try_claim := 0 at helper.c:12:5
// CHECK-DAG: assign busy := 1 at helper.c:13:8
// CHECK-DAG: assign ret@try_claim := 1 at helper.c:14:3
// CHECK-LABEL: function claim_flag:
// CHECK-DAG: assign ok := (flag == 0) at helper.c:{{[0-9]+}}:7
// CHECK-DAG: assign ret@claim_flag := ok at helper.c:22:3
// CHECK-LABEL: function worker:
// CHECK-NEXT: call try_claim at helper.c:25:7
// CHECK-DAG: assume ret@try_claim != 0 at helper.c:25:7
// CHECK-DAG: assume ret@try_claim == 0 at helper.c:25:7
