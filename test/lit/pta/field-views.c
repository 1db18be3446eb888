// clang-format off
// Compromise type-incompatible-field: a GEP through a struct or a non-char
// element type only reaches declared objects with such a subobject where
// the pointer points; char arrays take any view at an unknown offset, and
// unions and heap memory take every view. Byte arithmetic that lands inside
// a scalar or a char array reaches the start of that field.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <stdlib.h>
struct Pair { void *a; void *b; };
struct Other { int x; int y; void *p; };
struct Holder { long n; struct Pair inner; };
union Any { struct Pair pair; long words[2]; };

struct Pair pair;
struct Other other;
struct Holder holder;
union Any any;
char buf[64];
int target;
void *vp;

void setup(void) {
  vp = &pair;
  vp = &other;
  vp = &holder.inner;
  vp = &any;
  vp = buf;
  vp = malloc(sizeof(struct Pair));
}
// CHECK-LABEL: racesift-pta: module 'field-views.c'

// The Pair field reaches pair, the Pair inside holder, the union, the heap
// object, and the char buffer at an unknown offset; not other, whose offset
// 8 is a pointer of its own.
struct Pair *field(void) {
  struct Pair *pp = vp;
  pp->b = &target;
  return pp;
}
// CHECK: in field -> {any+8, buf+?, heap@field-views.c:29+8, holder+16, pair+8}

// long elements: the union and the heap; the char buffer at an unknown
// offset; no struct whose word 1 is a pointer or an int.
long element(void) {
  long *w = vp;
  return w[1];
}
// CHECK: in element -> {any+8, buf+?, heap@field-views.c:29+8}

// Byte arithmetic: inside other.x (offset 1 of an int) is other.x, inside
// the char buffer is the buffer; unions and heap memory keep the byte.
char byte1(void) { return ((char *)vp)[1]; }
// CHECK: in byte1 -> {any+1, buf, heap@field-views.c:29+1, holder+8, other, pair}
char byte9(void) { return ((char *)vp)[9]; }
// CHECK: in byte9 -> {any+9, buf, heap@field-views.c:29+9, holder+16, other+8, pair+8}

// A variable-length array holds as many Pairs as it is long: the second
// one's field is a field.
void *second;
void keep(struct Pair *);
void vla(int n) {
  struct Pair v[n];
  second = &v[1];
  keep(v);
}
struct Pair *field2(void) {
  struct Pair *q = second;
  q->b = &target;
  return q;
}
// CHECK: in field2 -> {v+24}

// CHECK: compromise: type-incompatible-field
