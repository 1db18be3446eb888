// clang-format off
// C++ library idioms that merged whole programs' objects (found on
// bench/verdicts/sync/24_async_get, whose shared state, task and header
// ended in one set of 225 locations; docs/design-threadmodel.md):
// - once-callable: each std::call_once's routine gets its own closure, not
//   every call_once closure of the module (one's p was {x, lv, ...});
// - function-target-unused and rtti-read-only: a small functor stored in a
//   std::function keeps its fields (pa was also the _Any_data and the
//   functor's RTTI, from the manager's __get_functor_ptr/__get_type_info);
// - exception-destructor: make_exception_ptr's destructor thunk gets the
//   exception object, not every escaped object;
// - the error categories are the library's own singletons.
// RUN: %clang -x c++ -std=c++17 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <system_error>

static int x, y, a, b;
static long lv;
static std::once_flag f1, f2;

static void one(int *p) { *p = 1; }
static void two(long *q, int *r) { *q = 2; *r = 3; }

void onces() {
  std::call_once(f1, one, &x);
  std::call_once(f2, two, &lv, &y);
}

void functions() {
  int *pa = &a, *pb = &b;
  std::function<void()> f = [pa, pb] { *pa = 1; *pb = 2; };
  f();
}

std::exception_ptr fail() {
  return std::make_exception_ptr(std::runtime_error("x"));
}

bool category(const std::error_code &e) {
  return e.category() == std::generic_category();
}

// CHECK-DAG: %0 in _ZL3onePi -> {x}{{$}}
// CHECK-DAG: %0 in _ZL3twoPlPi -> {lv}{{$}}
// CHECK-DAG: %1 in _ZL3twoPlPi -> {y}{{$}}
// CHECK-DAG: %5 in _ZZ9functionsvENK3$_0clEv -> {a}{{$}}
// CHECK-DAG: %7 in _ZZ9functionsvENK3$_0clEv -> {b}{{$}}
// CHECK-DAG: %0 in _ZNSt15__exception_ptr12__dest_thunkISt13runtime_errorEEvPv -> {heap@exception_ptr.h:{{[0-9]+}}}{{$}}
// CHECK-DAG: %5 in _Z8categoryRKSt10error_code -> {ext@_ZNSt3_V216generic_categoryEv+?}{{$}}
