// clang-format off
// std-unwind: an exception a standard-library function passes on ends the
// path. std::thread's constructor resumes its exception (the callable's
// copy or the thread's start failed) where no thread exists; the model
// went on from there as if the constructor had returned, so main joined
// `a` with no thread behind it, and the replay could not follow the
// interleaving that skipped a's creation: the race on x was only
// possible. A handler that catches a library's exception is still reached
// (built with -DCATCH, its write races with t). FREE joins t first.
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning:'
// RUN: %clang -std=c++20 -g -O0 -c -DCATCH %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CATCH --implicit-check-not='data race on'
// RUN: %clang -std=c++20 -g -O0 -c -DFREE %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
#include <stdexcept>
#include <thread>
#include <vector>

int x;

int main(int argc, char **argv) {
  std::thread t([] { x++; });
#ifdef FREE
  t.join();
#endif
  std::thread a([] {});
  a.join();
#ifdef CATCH
  try {
    std::vector<int> v(argc);
    v.at(argc) = 1;
  } catch (const std::out_of_range &) {
    x = 2;
  }
#else
  x++;
#endif
#ifndef FREE
  t.join();
#endif
  return 0;
}

// CHECK: std-unwind.cpp:34:4: warning: data race on 'x': write in thread 'main' conflicts with read in thread 'lambda@{{.*}}std-unwind.cpp:20'
// CATCH: std-unwind.cpp:31:7: warning: {{(possible )?}}data race on 'x': write in thread 'main' conflicts with {{read|write}} in thread 'lambda@{{.*}}std-unwind.cpp:20'
// FREE-NOT: warning:
