// clang-format off
// print<racesift-validate>: each replayed interleaving's verdict, the
// values that make a feasible one happen, the memory that decides an
// infeasible one, and the refinement rounds (docs/design-validate.md,
// "Printer").
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DINPUT %s -o %t.input.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.input.ll 2>&1 | %FileCheck %s --check-prefix=INPUT
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSECTION %s -o %t.section.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.section.ll 2>&1 | %FileCheck %s --check-prefix=SECTION
// The printer validates whatever the options say.
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -racesift-validate=0 -racesift-layers=lockset -disable-output %t.section.ll 2>&1 | %FileCheck %s --check-prefix=SECTION
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSECTION -DESCAPES %s -o %t.escapes.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.escapes.ll 2>&1 | %FileCheck %s --check-prefix=ESCAPES
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -racesift-validate-steps=5 -disable-output %t.input.ll 2>&1 | %FileCheck %s --check-prefix=BUDGET
// Units without main: the replay enters them through an external function.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DENTRY %s -o %t.entry.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.entry.ll 2>&1 | %FileCheck %s --check-prefix=ENTRY
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSECTION -DNOMAIN %s -o %t.nomain.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.nomain.ll 2>&1 | %FileCheck %s --check-prefix=NOMAIN
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSLOTS %s -o %t.slots.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.slots.ll 2>&1 | %FileCheck %s --check-prefix=SLOTS
#include <pthread.h>

#ifdef INPUT
// The race needs argc > 2: the smallest such value is printed.
int x;
void *w(void *a) {
  x = 1;
  return 0;
}
int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (argc > 2)
    x = 2;
  pthread_join(t, 0);
  return 0;
}
// INPUT: racesift-validate: module '{{.*}}printer.c'
// INPUT-NEXT: x: feasible (steps {{[1-9][0-9]*}}, queries {{[1-9][0-9]*}}) with argc = 3{{$}}
// INPUT-NEXT:   pair: main: write x at printer.c:[[@LINE-6]]:7; w#1: write x at printer.c:[[@LINE-13]]:5{{$}}
// INPUT-NOT: deciding:
// INPUT-NOT: refinement:
// The module's budget: not replayed.
// BUDGET: racesift-validate: module
// BUDGET-NEXT: x: not validated: the module's validation budget (validate-steps=5) ran out{{$}}
// BUDGET-NEXT:   pair: {{main|w#1}}: write x
// BUDGET-NOT: : feasible (
#endif

#ifdef SECTION
// ok = !s.busy in an atomic section: one thread gets in. Each interleaving
// dies at `if (ok)`, whose condition reads s.busy; the refinement tracks
// it and the search on the refined model finds no race, so nothing is
// replayed after the refinement line. With -DESCAPES the struct's address
// escapes and the field cannot be tracked exactly. With -DNOMAIN the unit
// has no main: the replay enters it through start, and a dead path there
// is not validated, yet names the deciding memory all the same.
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
struct { int busy, other; } s; int x;
void *w(void *a) {
  int ok;
  __VERIFIER_atomic_begin();
  ok = !s.busy;
  if (ok)
    s.busy = 1;
  __VERIFIER_atomic_end();
  if (ok)
    x++;
  return 0;
}
#ifdef NOMAIN
int start(void) {
#else
int main(void) {
#endif
  pthread_t t[2];
#ifdef ESCAPES
  __builtin_memset(&s, 0, sizeof s);
#endif
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
// SECTION: racesift-validate: module
// SECTION-NEXT: x: infeasible: the thread ends before its next step (before step of 'w' at printer.c:[[@LINE-19]])
// SECTION-NEXT:   pair: w#1: write x at printer.c:[[@LINE-20]]:6; w#2: {{read|write}} x at printer.c:[[@LINE-20]]:6
// SECTION-NEXT:   deciding: s.busy{{$}}
// SECTION-NOT: : feasible (
// SECTION: refinement: tracked s.busy{{$}}
// SECTION-NOT: {{.}}
// NOMAIN: racesift-validate: module
// NOMAIN-NEXT: x: not validated: the thread ends before its next step (before step of 'w' at printer.c:[[@LINE-26]]), taking that the program's first call into this module is 'start' on trust{{$}}
// NOMAIN-NEXT:   pair: w#1: write x
// NOMAIN-NEXT:   deciding: s.busy{{$}}
// NOMAIN: refinement: tracked s.busy{{$}}
// NOMAIN-NOT: {{.}}
// ESCAPES: racesift-validate: module
// ESCAPES-NEXT: x: infeasible: the thread ends before its next step
// ESCAPES-NEXT:   pair: w#1: write x
// ESCAPES-NEXT:   deciding: s.busy{{$}}
// ESCAPES-NOT: refinement: tracked
// ESCAPES: refinement: not trackable: s.busy{{$}}
// ESCAPES-NOT: {{.}}
#endif

#ifdef SLOTS
// Instances 1 and 2 write different elements: rejected, and the search
// goes on to instances 1 and 3, which share one (i % 2).
int data[4];
void *w(void *a) {
  long i = (long)a % 2;
  data[i] = 1;
  return 0;
}
int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, w, (void *)i);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return data[0];
}
// SLOTS: racesift-validate: module
// SLOTS-NEXT: data[]: infeasible: the two accesses touch different addresses in this interleaving{{$}}
// SLOTS-NEXT:   pair: w#1: write data[] at printer.c:[[@LINE-13]]:11; w#2: write data[] at printer.c:[[@LINE-13]]:11
// SLOTS-NEXT: data[]: feasible (steps {{[0-9]+}}, queries {{[0-9]+}}){{$}}
// SLOTS-NEXT:   pair: w#1: write data[] at printer.c:[[@LINE-15]]:11; w#3: write data[] at printer.c:[[@LINE-15]]:11
#endif

#ifdef ENTRY
// Handlers count requests without a lock; start_servers is the entry, and
// n = 2 starts the two handlers the interleaving needs.
static long served;
static void *handle(void *arg) {
  served++;
  return 0;
}
void start_servers(pthread_t *t, int n) {
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, handle, 0);
}
// ENTRY: racesift-validate: module
// ENTRY-NEXT: served: feasible (steps {{[0-9]+}}, queries {{[0-9]+}}) entry 'start_servers' with n = 2{{$}}
// ENTRY-NEXT:   pair: handle#1: write served at printer.c:[[@LINE-9]]:9; handle#2: {{read|write}} served at printer.c:[[@LINE-9]]:9
#endif
