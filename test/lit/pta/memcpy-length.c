// clang-format off
// Rule memcpy-length: memcpy with a constant length copies only the fields
// inside those bytes. Before, every field of the source from the offset on
// was copied: into a smaller object past its end (AnyOffset, where it met
// every field: one.a held y too), and into a larger one past the copied
// prefix (both.b held y). std::swap of a std::function's 16-byte _Any_data
// through a local copied the function's manager and invoker onto the
// functor's fields that way (sync/53_function_pool's captured &pool).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <string.h>

struct two {
  int *a, *b;
};
struct one {
  int *a;
};
int x, y;

int *prefix(int n) {
  struct two src = {&x, &y};
  struct one one;
  struct two both = {0, 0};
  memcpy(&one, &src, sizeof one);
  memcpy(&both, &src, sizeof(int *));
  return n ? one.a : both.b;
}
// CHECK-LABEL: racesift-pta: module
// one.a, then both.b (nothing was copied there), then what the function
// returns: x alone.
// CHECK: %{{[0-9]+}} in prefix -> {both}{{$}}
// CHECK-NEXT: %{{[0-9]+}} in prefix -> {one}{{$}}
// CHECK-NEXT: %{{[0-9]+}} in prefix -> {x}{{$}}
// CHECK-NEXT: %{{[0-9]+}} in prefix -> {both+8}{{$}}
// CHECK-NEXT: %{{[0-9]+}} in prefix -> {x}{{$}}
