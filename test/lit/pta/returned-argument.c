// clang-format off
// returned-argument: a helper that may return its parameter (`q =
// list_push(q, x)`, a realloc wrapper that keeps the block) gives each call
// that call's own argument back, not every caller's. What it returns
// otherwise (a fresh block, a loaded pointer) still reaches every caller.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <stdlib.h>
struct node { struct node *next; int v; };
struct node *spare;

struct node *push(struct node *head, struct node *n) {
  n->next = head;
  return n;
}
// Returns its argument, or a fresh block, or what a global held.
struct node *grow(struct node *p, int k) {
  struct node *q = p;
  if (k > 1)
    q = malloc(sizeof *q * k);
  else if (k < 0)
    q = spare;
  return q;
}
// Returns what push returns: its own argument, through push.
struct node *push_via(struct node *head, struct node *n) {
  return push(head, n);
}
// Returns a field of its argument: not the argument itself.
struct node *second(struct node *p) { return p->next; }

struct node a, b, c, d;
struct node *use_push_a(void) { return push(&c, &a); }
struct node *use_push_b(void) { return push(0, &b); }
struct node *use_grow_c(void) { return grow(&c, 2); }
struct node *use_grow_d(void) { return grow(&d, 0); }
struct node *use_second(void) { return second(&a); }
struct node *use_via_c(void) { return push_via(0, &c); }
struct node *use_via_d(void) { return push_via(0, &d); }
int main(void) {
  spare = &b;
  return !use_push_a() + !use_push_b() + !use_grow_c() + !use_grow_d() +
         !use_second() + !use_via_c() + !use_via_d();
}
// CHECK-LABEL: racesift-pta: module 'returned-argument.c'
// CHECK: %{{[0-9]+}} in use_push_a -> {a}
// CHECK: %{{[0-9]+}} in use_push_b -> {b}
// CHECK: %{{[0-9]+}} in use_grow_c -> {b, c, heap@returned-argument.c:20}
// CHECK: %{{[0-9]+}} in use_grow_d -> {b, d, heap@returned-argument.c:20}
// CHECK: %{{[0-9]+}} in use_second -> {c}
// CHECK: %{{[0-9]+}} in use_via_c -> {c}
// CHECK: %{{[0-9]+}} in use_via_d -> {d}
