// clang-format off
// unknown-external-callback: a function without a body calls back the
// functions passed to it as arguments. A C++ function's mangled name says
// its parameter types: one with no function pointer or reference among
// them (and no `...`) calls nothing back, whatever its pointer arguments
// point to. Before, a pointer the analysis had smeared over vtable slots
// (LevelDB's env_posix.cc: a set iterator's node) made
// `_Rb_tree_increment(node)` call every virtual method it held.
// RUN: %clang -x c++ -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
void run_callback(void (*cb)(int *), int *arg); // Calls cb back.
void stash(void *p);                            // Calls nothing back.
extern "C" void c_stash(void *p);               // C: its types are unknown.

static void bump(int *p) { ++*p; }
static void tally(int *p) { *p += 2; }
static void count(int *p) { *p += 3; }

int main() {
  int n = 0;
  run_callback(bump, &n);
  stash((void *)tally);
  c_stash((void *)count);
  return n;
}
// CHECK-LABEL: racesift-pta: module
// CHECK-NOT: %0 in _ZL5tallyPi ->
// CHECK: %0 in _ZL4bumpPi -> {{{.+}}}
// CHECK-NOT: %0 in _ZL5tallyPi ->
// CHECK: %0 in _ZL5countPi -> {{{.+}}}
// CHECK-NOT: %0 in _ZL5tallyPi ->
