// clang-format off
// thread-dtor: std::thread's destructor returns only for a thread that is
// not joinable (std::terminate otherwise), a not_joinable step on the
// handle the caller destroys. And (std-unwind) a standard-library call's
// exception leaves before the call's effects. So the path where
// push_back throws goes to main's cleanup, whose ~thread on the joinable t
// terminates: ~unique_ptr's delete no longer races with the worker (a
// false possible race before). RACY reads the total before the join.
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
#include <memory>
#include <thread>
#include <vector>

int main(int argc, char **argv) {
  auto total = std::make_unique<long>(0);
  std::thread t([&total] { *total += 1; });
  std::vector<int> v;
  for (int i = 0; i < argc; ++i)
    v.push_back(i);
#ifdef RACY
  long early = *total;
#else
  long early = 0;
#endif
  t.join();
  return int(*total + early) + int(v.size());
}

// MODEL-LABEL: function main:
// MODEL: not_joinable t at {{.*}}thread-dtor.cpp:30:1
// OK-NOT: warning:
// RACY: thread-dtor.cpp:19:35: warning: data race on the heap object allocated at unique_ptr.h:{{[0-9]+}}: write in thread 'lambda@{{.*}}thread-dtor.cpp:19' conflicts with read in thread 'main'
