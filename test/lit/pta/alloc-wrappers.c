// clang-format off
// alloc-wrapper: each call site of a function that returns a fresh heap
// object nobody else has seen gets an object of its own; functions that
// let it escape do not. A constructor that stores a global's address into
// it is one too (pta/constructors.c has the rest).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <stdlib.h>
#include <string.h>
struct node { struct node *next; int v; };
int g;
void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}
void *xzalloc(size_t n) {
  void *p = xmalloc(n);
  memset(p, 0, n);
  return p;
}
void *sized(size_t n) {
  long *p = malloc(n + 8);
  if (p) {
    p[0] = n;
    p++;
  }
  return p;
}
struct node *linked(void) {
  struct node *n = malloc(sizeof *n);
  n->next = (struct node *)&g;
  return n;
}
void *last;
void *remembered(size_t n) {
  void *p = malloc(n);
  last = p;
  return p;
}
int main(void) {
  int *a = xmalloc(4);
  int *b = xmalloc(4);
  int *c = xzalloc(4);
  int *d = sized(4);
  int *e = sized(4);
  struct node *f = linked();
  struct node *h = linked();
  int *i = remembered(4);
  int *j = remembered(4);
  return *a + *b + *c + *d + *e + f->v + h->v + *i + *j;
}
// Wrappers, a wrapper of a wrapper, and a header-prefixed block: one object
// per call site in main.
// CHECK-LABEL: in main -> {j}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:43}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:44}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:45}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:46}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:47}
// linked() stores &g into the object: a constructor, one object per call.
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:48}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:49}
// Not a wrapper: remembered() publishes the object; its callers share the
// malloc site's object.
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:38}
// CHECK-NEXT: in main -> {heap@alloc-wrappers.c:38}
