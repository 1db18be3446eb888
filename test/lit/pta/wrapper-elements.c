// clang-format off
// An allocation wrapper that multiplies its count by the element size
// itself (`malloc(n * sizeof(struct job))`), or passes its count on to
// such a wrapper, allocates an array of elements at each call site: the
// fields of its elements stay apart under a variable index (array-elements)
// instead of '+?'. A count of 1 at the call is one element. libstdc++'s
// std::vector buffer (_M_allocate -> allocate -> operator new(n *
// sizeof(T))) is the common case: a vector of 17 std::threads had 130
// locations and its accesses went past the points-to budget.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <stdlib.h>
struct job { int id; long sum; };
static void *alloc_jobs(size_t n) { return malloc(n * sizeof(struct job)); }
static struct job *jobs_new(size_t n) {
  struct job *j = alloc_jobs(n);
  if (!j)
    abort();
  return j;
}

long *many(size_t k, size_t i) {
  struct job *js = jobs_new(k);
  return &js[i].sum;
}
long *one(size_t i) {
  struct job *j = jobs_new(1);
  return &j[i].sum;
}

// CHECK-LABEL: racesift-pta: module
// CHECK-DAG: %{{[0-9]+}} in many -> {heap@wrapper-elements.c:23[]+8}
// CHECK-DAG: %{{[0-9]+}} in one -> {heap@wrapper-elements.c:27+?}
