// clang-format off
// std::thread workers kept in a std::vector: libstdc++ allocates the
// vector's buffer through _M_allocate -> allocate -> operator new(n *
// sizeof(std::thread)), a wrapper chain that multiplies the count by the
// element size (pta/wrapper-elements.c). Before, the buffer's elements
// were 65 locations per reallocation site and the iteration over the
// vector went past the points-to budget: "analysed for data races only in
// part". Now every access is checked and the race in add_fast is found.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// CHECK: cxx-vector-threads.cpp:[[#@LINE+10]]:50: warning: data race on 'c.n': write in thread 'lambda@{{.*}}cxx-vector-threads.cpp:[[#@LINE+17]]' conflicts with read in thread 'lambda@{{.*}}cxx-vector-threads.cpp:[[#@LINE+18]]'
#include <mutex>
#include <thread>
#include <vector>
#include <cstdio>
class Counter {
  std::mutex m;
  long n = 0;

public:
  void add() { std::lock_guard<std::mutex> g(m); ++n; }
  void add_fast() { ++n; }
  long get() { std::lock_guard<std::mutex> g(m); return n; }
};
int main() {
  Counter c;
  std::vector<std::thread> ts;
  ts.emplace_back([&] { for (int i = 0; i < 100; i++) c.add(); });
  ts.emplace_back([&] { for (int i = 0; i < 100; i++) c.add_fast(); });
  for (auto &t : ts)
    t.join();
  std::printf("%ld\n", c.get());
}
