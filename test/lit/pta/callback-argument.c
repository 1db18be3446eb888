// clang-format off
// A function that calls its callback parameter with its data parameter
// (callback-argument in docs/design-threadmodel.md): each call site's data
// reaches only the callbacks that call site passes. Data handed on to
// something else, or a parameter overwritten, keeps the merged flow.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t2.ll 2>&1 | %FileCheck %s --check-prefix=O2
typedef void (*visit_fn)(void *);

int a_count, b_count, c_count, d_count;

__attribute__((noinline)) void each(visit_fn fn, void *arg) { fn(arg); }

// The parameter is overwritten before the call: no pairing.
__attribute__((noinline)) void each_changed(visit_fn fn, void *arg, int n) {
  if (n)
    arg = &d_count;
  fn(arg);
}

__attribute__((noinline)) void bump_a(void *p) { ++*(int *)p; }
__attribute__((noinline)) void bump_b(void *p) { ++*(int *)p; }
__attribute__((noinline)) void bump_c(void *p) { ++*(int *)p; }

// The data parameter itself still holds every call site's argument.
// CHECK-LABEL: racesift-pta: module 'callback-argument.c'
// CHECK: in each -> {a_count, b_count}
// CHECK-NOT: in bump_a -> {{.*}}b_count
// CHECK: in bump_a -> {a_count}
// CHECK-NOT: in bump_a -> {{.*}}b_count
// CHECK: in bump_b -> {b_count}
// CHECK-NOT: in bump_b -> {{.*}}a_count
// CHECK: in bump_c -> {c_count, d_count}
// O2-LABEL: racesift-pta: module 'callback-argument.c'
// O2: in each -> {a_count, b_count}
// O2-NOT: in bump_a -> {{.*}}b_count
// O2: in bump_a -> {a_count}
// O2-NOT: in bump_a -> {{.*}}b_count
// O2: in bump_b -> {b_count}
// O2-NOT: in bump_b -> {{.*}}a_count
// O2: in bump_c -> {c_count, d_count}

int main(int argc, char **argv) {
  each(bump_a, &a_count);
  each(bump_b, &b_count);
  each_changed(bump_c, &c_count, argc);
  return 0;
}
