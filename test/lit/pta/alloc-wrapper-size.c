// clang-format off
// A wrapper that hands its parameters to calloc or malloc as they are
// (rd_calloc, xmalloc) says the size of the object at each call site, and
// the size bounds its fields: an offset past the end folds to '+?'
// (compromise field-limit) instead of adding a field. A wrapper that
// computes the size gives objects of unknown size.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <stdlib.h>
struct pair { int *first, *second; };
void *xcalloc(size_t num, size_t size) {
  void *p = calloc(num, size);
  if (!p)
    abort();
  return p;
}
void *xmalloc(unsigned n) { return malloc(n); }
void *padded(size_t n) { return malloc(n + 64); }

char *past_end(void) {
  struct pair *p = xcalloc(1, sizeof *p);
  return (char *)p + 64;
}
char *inside(void) {
  struct pair *p = xmalloc(sizeof *p);
  return (char *)p + 8;
}
char *unknown_size(void) {
  struct pair *p = padded(sizeof *p);
  return (char *)p + 64;
}
// CHECK-LABEL: racesift-pta: module 'alloc-wrapper-size.c'
// CHECK: in past_end -> {heap@alloc-wrapper-size.c:21+?}
// CHECK: in inside -> {heap@alloc-wrapper-size.c:25+8}
// CHECK: in unknown_size -> {heap@alloc-wrapper-size.c:29+64}
