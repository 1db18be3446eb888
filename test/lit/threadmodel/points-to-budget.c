// clang-format off
// A pointer that may point to more locations than max-points-to is
// unresolved (compromise points-to-budget in docs/design-threadmodel.md),
// and so is what it is copied, offset or loaded into: here `*where` may be
// any of five slots, past a limit of 4. Accesses through it are listed as
// unresolved and not checked, and the compile says how many. What is
// stored through it still counts as escaped: `local`, whose address only
// goes there, stays in the model. With the default limit the same program
// has no unresolved pointer and the race on `local` is found.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -racesift-max-points-to=4 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -racesift-max-points-to=4 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=BUDGET
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=FULL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -racesift-max-points-to=0 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=FULL
//
// Every route takes the option and says what was left unchecked.
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-max-points-to=4 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=RACE-BUDGET
// RUN: cd %S && %clang -g -c points-to-budget.c -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=4 -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s --check-prefix=RACE-BUDGET
// RUN: %FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: cd %S && env RACESIFT_OPTIONS=max-points-to=4 %clang -g -c points-to-budget.c -o %t.o -fpass-plugin=%racesift_plugin 2>&1 | %FileCheck %s --check-prefix=RACE-BUDGET
// RUN: cd %S && %clang -g -c points-to-budget.c -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE-FULL
// clang-format on
#include <pthread.h>
int *s0, *s1, *s2, *s3, *s4;
int **where;
int counter;

void choose(int k) {
  if (k == 0)
    where = &s0;
  if (k == 1)
    where = &s1;
  if (k == 2)
    where = &s2;
  if (k == 3)
    where = &s3;
  if (k == 4)
    where = &s4;
}

void *worker(void *arg) {
  **where = 1;
  counter++;
  return arg;
}

int main(void) {
  int local = 0;
  pthread_t t;
  choose(2);
  *where = &local;
  pthread_create(&t, 0, worker, 0);
  local = 2;
  counter++;
  pthread_join(t, 0);
  return local;
}

// PTA: {{^}}  %[[W:[0-9]+]] in worker -> <unresolved>
// PTA: {{^}}  %{{[0-9]+}} in worker -> <unresolved>
// PTA: {{^}}  %{{[0-9]+}} in main -> <unresolved>
// PTA: compromise: points-to-budget: 3 pointer value(s) may point to more than 4 locations{{.*}}; most follow from the one set at what 'where' holds (4 nodes of the constraint graph)

// BUDGET-LABEL: accesses:
// BUDGET: read where at points-to-budget.c:42:5 objects {where}
// BUDGET-NEXT: read *where at points-to-budget.c:42:4 objects <unresolved>
// BUDGET-NEXT: write **where at points-to-budget.c:42:11 objects <unresolved>
// BUDGET: write local at points-to-budget.c:48:7 objects {local}
// BUDGET: write *where at points-to-budget.c:51:10 objects <unresolved>
// BUDGET-NEXT: write local at points-to-budget.c:53:9 objects {local}
// BUDGET: compromise: points-to-budget: 3 pointer value(s)

// FULL-LABEL: accesses:
// FULL: read *where at points-to-budget.c:42:4 objects {s0, s1, s2, s3, s4}
// FULL-NEXT: write **where at points-to-budget.c:42:11 objects {local}
// FULL: write *where at points-to-budget.c:51:10 objects {s0, s1, s2, s3, s4}
// FULL-NOT: unresolved
// FULL-NOT: compromise: points-to-budget

// RACE-BUDGET: warning: racesift: '{{.*}}points-to-budget.c' was analysed for data races only in part: 3 of 17 accesses go through pointers that may point to more than 4 memory locations and were not checked (most in worker: 2, main: 1; most follow from the set at what 'where' holds); raise the limit with the max-points-to option (0: no limit)
// RACE-BUDGET-NOT: data race on 'local'
// RACE-BUDGET: points-to-budget.c:54:10:{{.*}} data race on 'counter'
// RACE-BUDGET-NOT: data race on 'local'

// SARIF: "executionSuccessful": true
// SARIF: "descriptor": {
// SARIF-NEXT: "id": "points-to-budget"
// SARIF-NEXT: },
// SARIF-NEXT: "level": "warning",
// SARIF-NEXT: "message": {
// SARIF-NEXT: "text": "3 of 17 accesses go through pointers that may point to more than 4 memory locations (max-points-to): they were not checked for data races (most in worker: 2, main: 1; most follow from the set at what 'where' holds)."
// SARIF: "ruleId": "data-race"

// RACE-FULL-NOT: only in part
// RACE-FULL: points-to-budget.c:53:9: warning: data race on 'local': write in thread 'main' conflicts with write in thread 'worker'
// RACE-FULL: points-to-budget.c:42:11: note: conflicting write in thread 'worker' here
// RACE-FULL: points-to-budget.c:54:10: warning: data race on 'counter'
