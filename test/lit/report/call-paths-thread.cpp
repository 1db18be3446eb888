// clang-format off
// A std::thread's start routine is the user's function: the call path of
// an access leaves out the library's calls that lead to it.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <thread>

int hits;

static void bump() { hits++; }

static void worker() {
  bump();
}

int main() {
  std::thread a(worker), b(worker);
  a.join();
  b.join();
}

// CHECK: call-paths-thread.cpp:9:26: warning: data race on 'hits': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
// Two instances of one thread through the same calls: one set of notes.
// CHECK-NOT: include/c++
// CHECK: call-paths-thread.cpp:12:3: note: both accesses in thread 'worker' are in 'bump', called from 'worker' here
// CHECK-NOT: note:
