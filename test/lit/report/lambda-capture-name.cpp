// clang-format off
// A lambda that captured an array by reference reaches it through the
// closure's member of the same name (`this->sums[k]`): the race was titled
// 'sums[].sums[]'. A member path starting with "." is kept only for an
// object that has members (a struct reached the same way is
// 'stats.misses').
// RUN: %clang -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='sums[].sums'
#include <thread>

struct Stats {
  long hits;
  long misses;
};

int main() {
  long sums[2] = {0, 0};
  Stats stats{};
  int k = 1;
  std::thread a([k, &sums, &stats] {
    sums[k] += 1;
    stats.misses++;
  });
  std::thread b([k, &sums, &stats] {
    sums[k] += 2;
    stats.misses++;
  });
  a.join();
  b.join();
  return (int)(sums[0] + stats.misses);
}

// CHECK-DAG: lambda-capture-name.cpp:{{20|24}}:{{[0-9]+}}: warning: data race on 'sums[]':
// CHECK-DAG: lambda-capture-name.cpp:{{21|25}}:{{[0-9]+}}: warning: data race on 'stats.misses':
