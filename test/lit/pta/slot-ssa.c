// clang-format off
// A local pointer variable whose address never escapes is promoted to SSA
// values (slot-ssa in docs/design-threadmodel.md): each load sees the
// stores that reach it, so `p = &a; ...; p = &b;` gives the first load a
// alone, and `p--` is one step back rather than a cycle folded to every
// offset. A pointer walk in a loop is still a positive-weight cycle: over
// an array, one element stands for all (array-elements).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
// clang-format on
int a, b;
long arr[4], arr2[4];

int first(void) {
  int *p = &a;
  int x = *p;
  p = &b;
  return x + *p;
}
// CHECK-LABEL: racesift-pta: module 'slot-ssa.c'
// CHECK-NOT: in first -> {a, b}
// CHECK: in first -> {a}
// CHECK-NOT: in first -> {a, b}
// CHECK: in first -> {b}
// CHECK-NOT: in first -> {a, b}

// Both reach the load after the branches join.
int cond(int n) {
  int *p = &a;
  if (n)
    p = &b;
  return *p;
}
// CHECK: in cond -> {a, b}

static long back(long *z) {
  long *p = z;
  p--;
  return *p;
}
long use(void) { return back(&arr[2]); }
// CHECK-NOT: in back -> {{.*}}arr+?
// CHECK: in back -> {arr+8}
// CHECK-NOT: in back -> {{.*}}arr+?

long walk(int n) {
  long *p = &arr2[0];
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += *p++;
  return s;
}
// CHECK: in walk -> {arr2[]}
