// clang-format off
// Indirect calls bind only functions whose parameters match the call's
// (compromise indirect-call-signature: calling through a pointer of another
// type is undefined behaviour in C). 'table' holds both functions, but the
// call passes one argument, so only take_one runs and r points to 'a'; a
// call with two arguments reaches take_two alone.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
int a, b, c;
static void take_one(int **out) { *out = &a; }
static void take_two(int **out, int *extra) { *out = &b; }
typedef void (*one_fn)(int **);
typedef void (*two_fn)(int **, int *);
one_fn table[2] = {take_one, (one_fn)take_two};

int *use_one(int i) {
  int *r = 0;
  table[i](&r);
  return r;
}

int *use_two(int i) {
  int *r = 0;
  ((two_fn)table[i])(&r, &c);
  return r;
}

// CHECK-LABEL: racesift-pta: module 'indirect-signature.c'
// CHECK: in use_one -> {a}
// CHECK-NOT: in use_one -> {{{.*}}b
// CHECK: in use_two -> {b}
// CHECK-NOT: in use_two -> {a
// CHECK: compromise: indirect-call-signature
