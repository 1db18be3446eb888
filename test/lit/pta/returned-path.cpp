// clang-format off
// returned-path: `hits[i]` calls std::vector's operator[], which returns
// `this->_M_impl._M_start + n`, a path of GEPs and loads from its
// parameter. Bound to the callers' return node, it merged every vector's
// storage; now each call steps the path again from its own argument, and
// with init-clone each vector has storage of its own: the two workers'
// vectors were a false possible race (two in the racy variant).
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
//
// FREE-NOT: warning:
// RACY: returned-path.cpp:[[#@LINE+16]]:13: warning: data race on an element of the heap object allocated at stl_vector.h:{{[0-9]+}}, through the call at returned-path.cpp:[[#@LINE+6]]#2: write in thread 'main' conflicts with read in thread 'lambda@{{.*}}returned-path.cpp:[[#@LINE+11]]'
#include <cstdio>
#include <thread>
#include <vector>

int main() {
  std::vector<int> hits(8, 0), misses(8, 0);
  std::thread a([&hits] {
    for (int i = 0; i < 8; ++i)
      hits[i] += i;
  });
  std::thread b([&misses] {
    for (int i = 0; i < 8; ++i)
      misses[i] += 2 * i;
  });
#ifdef RACY
  misses[3] = 1;
#endif
  a.join();
  b.join();
  std::printf("%d %d\n", hits[7], misses[7]);
  return 0;
}
