// clang-format off
// std::promise / std::future: future::wait() loops on libstdc++'s futex
// word, calling __atomic_futex_unsigned_base::_M_futex_wait_until, a
// function in libstdc++.so. Taken as an unknown function, its result
// "timed out" and left the loop before set_value: main's write of `job`
// before set_value was a confirmed race (helper program
// 25_shared_future_free). A wait without a timeout now returns only once
// the word differs from the value it waits on, and blocks otherwise; the
// write after set_value (-DRACY) is a race.
// RUN: %clang -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
//
// FREE: cxx-future.cpp:[[#@LINE+16]]:7: warning: possible data race on 'job'
// RACY: cxx-future.cpp:[[#@LINE+19]]:7: warning: data race on 'job': write in thread 'main' conflicts with read in thread 'lambda@
#include <future>
#include <thread>

static int job;

int main() {
  std::promise<void> gate;
  std::future<void> go = gate.get_future();
  long out = 0;
  std::thread w([&go, &out] {
    go.wait();
    out = job;
  });
#ifndef RACY
  job = 10;
#endif
  gate.set_value();
#ifdef RACY
  job = 11;
#endif
  w.join();
  return (int)out;
}
