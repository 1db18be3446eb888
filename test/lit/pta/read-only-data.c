// clang-format off
// Rule read-only-data: constants that hold no pointer (string literals,
// const lookup tables) are left out of points-to sets, since nothing is
// loaded from them as a pointer and nothing may write them. A constant
// table of function pointers is kept: calls go through it.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
int counter;
static const int primes[4] = {2, 3, 5, 7};
static void bump(void) { counter++; }
static void (*const handlers[1])(void) = {bump};
char buffer[8];

const char *pick(int i) {
  const char *s = i ? "yes" : buffer;
  return s;
}
// CHECK-LABEL: racesift-pta: module 'read-only-data.c'
// CHECK: in pick -> {buffer}
// CHECK-NOT: in pick -> {{{.*}}.str

int prime(int i) {
  const int *p = &primes[i];
  return *p;
}
// CHECK: in prime -> {p}
// CHECK-NOT: primes

void dispatch(int i) { handlers[i](); }
// CHECK: in dispatch -> {handlers+?}
// CHECK: in dispatch -> {bump}
