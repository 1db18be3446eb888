// clang-format off
// C++ exceptions: invoke, landing pads and resume are control flow; a race
// in the handler and one on the normal path are both found.
// RUN: %clang -std=c++17 -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <stdexcept>
#include <thread>
int failures, successes;
static void work(int i) {
  if (i % 2)
    throw std::runtime_error("odd");
}
static void run(int i) {
  try {
    work(i);
    ++successes;
  } catch (const std::exception &) {
    ++failures;
  }
}
int main() {
  std::thread a(run, 1), b(run, 2);
  a.join();
  b.join();
  return failures + successes;
}
// Exceptions are not replayed: the races are possible ones that say so.
// CHECK-DAG: exceptions.cpp:15:5: warning: possible data race on 'successes': {{.*}}'__cxa_throw' (exceptions and non-local jumps are not replayed)
// CHECK-DAG: exceptions.cpp:17:5: warning: possible data race on 'failures'
// CHECK-NOT: internal error
