// clang-format off
// Points-to: fields, copies through memory, memcpy, copy cycles (collapsed
// by the solver), a positive-weight cycle (pointer walk over an array: one
// element stands for all, "table[]"),
// indirect calls and pthread_create's argument.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <string.h>

struct pair { int *first; int *second; };
int a, b, c;
int *table[16];
struct pair gp;

// CHECK-LABEL: racesift-pta: module 'cycles.c'

// A copy cycle through locals: x and y end with the same set.
int *rotate(int n) {
  int *x = &a, *y = &b;
  for (int i = 0; i < n; ++i) {
    int *t = x;
    x = y;
    y = t;
  }
  return x;
}
// CHECK: %{{[0-9]+}} in rotate -> {a, b}

// A pointer walk over an array: a positive-weight cycle.
void fill(void) {
  for (int **p = table; p < table + 16; ++p)
    *p = &c;
}
// CHECK: in fill -> {table[]}

// memcpy keeps fields apart.
int *second(void) {
  struct pair l = {&a, &b};
  memcpy(&gp, &l, sizeof l);
  return gp.second;
}
// CHECK: in second -> {b}

static void *worker(void *arg) { return *(int **)arg; }

int *(*fp)(int);
int main(void) {
  pthread_t t;
  fp = rotate;
  fp(3);
  pthread_create(&t, 0, worker, table);
  return 0;
}
// CHECK: in main -> {rotate}
// CHECK-NEXT: in main -> {a, b}
// The thread's argument (functions print in module order: worker is last).
// CHECK: in worker -> {table[]}
// CHECK: in worker -> {c}
