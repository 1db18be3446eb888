// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// cxx-thread-callables: std::thread constructed from two plain functions
// (or two member functions) of one type instantiates one constructor and
// one _M_run; the points-to analysis let each thread run either, so there
// was one template `reader|writer`, many instances, and write/write pairs
// the program cannot have. Each callable now gets its own copy of the
// library code on a copy of the module, and its own template.
#include <cstdio>
#include <thread>
#include <vector>
int x, y, z;
void writer() { x = 1; }
void reader() { std::printf("%d\n", x); }
struct W {
  int n = 0;
  void run() { y = n; }
  void stop() { z = n; }
};
void fill(int k) { z = k; }
void drain(int k) { std::printf("%d\n", k + y); }
int main() {
  std::thread w(writer);
  std::thread r(reader);
  w.join();
  r.join();
  W a, b;
  std::thread p(&W::run, &a), q(&W::stop, &b);
  p.join();
  q.join();
  // Inside emplace_back: the copy starts at the user's call.
  std::vector<std::thread> v;
  v.emplace_back(fill, 1);
  v.emplace_back(drain, 2);
  for (auto &t : v)
    t.join();
  // The same function twice stays one template.
  std::thread s(writer), t(writer);
  s.join();
  t.join();
  return x + y + z;
}
// CHECK-LABEL: templates:
// CHECK-NEXT: T0 main once
// CHECK-DAG: T{{[0-9]+}} drain many
// CHECK-DAG: T{{[0-9]+}} fill many
// CHECK-DAG: T{{[0-9]+}} stop once
// CHECK-DAG: T{{[0-9]+}} run once
// CHECK-DAG: T{{[0-9]+}} reader once
// CHECK-DAG: T{{[0-9]+}} writer many
// CHECK-NOT: |
// CHECK-LABEL: creations:
// CHECK-DAG: -> writer loop handles {s, t, w}
// CHECK-DAG: -> reader handles r
// CHECK-DAG: -> run handles p
// CHECK-DAG: -> stop handles q
// CHECK-LABEL: function main:
// CHECK-DAG: join all drain (every thread in the container) at cxx-thread-callables.cpp:38:7
// CHECK-DAG: join all fill (every thread in the container) at cxx-thread-callables.cpp:38:7
// writer's write against reader's read, and two writers (s and t, one
// creation site for the three writers, so the site may run often and the
// bound cuts the replay: possible). No pair of other threads.
// DIAG-DAG: cxx-thread-callables.cpp:15:19: warning: data race on 'x': write in thread 'writer' conflicts with read in thread 'reader'
// DIAG-DAG: cxx-thread-callables.cpp:15:19: warning: {{(possible )?}}data race on 'x': write in thread 'writer' conflicts with write in thread 'writer'
