// clang-format off
// `std::thread(f).detach()`: the temporary's destructor runs right after
// detach, and libstdc++'s detach (and join) leave the object without a
// thread (`_M_id = id()`, in code outside the module). The replay clears
// the id at those steps, so ~thread does not take the std::terminate path
// and the interleaving after it replays: the plain flag's race is
// confirmed. Before, every such witness ended at 'unreachable'.
// RUN: %clang -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <chrono>
#include <cstdio>
#include <thread>

static bool done = false;
static int result;

int main() {
  std::thread([] {
    result = 42;
    done = true;
  }).detach();
  while (!done)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::printf("%d\n", result);
}

// CHECK: cxx-thread-detach.cpp:19:10: warning: data race on 'done': write in thread 'lambda@{{.*}}cxx-thread-detach.cpp:17' conflicts with read in thread 'main'
// CHECK: cxx-thread-detach.cpp:21:11: note: conflicting read in thread 'main' here
// CHECK-NOT: unreachable
