// clang-format off
// `std::thread t(&Worker::run, &w)`: the thread's callable is a member-
// function pointer, which clang keeps as two integers {ptrtoint f, adj}.
// The call through it (`inttoptr`) pointed at an unknown function, so the
// thread's body was never analysed and a race in it went unreported.
// The points-to analysis now follows the function in the pair's first
// field: as a constant, copied whole, passed by value as two integers,
// and returned from a function (rule member-function-pointer).
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -S -emit-llvm -DRACY %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
//
// SAFE-NOT: warning:
// RACY-DAG: cxx-member-thread.cpp:33:5: warning: data race on 'shared.hits': write in thread 'run' conflicts with {{read|write}} in thread 'run'
// RACY-DAG: cxx-member-thread.cpp:40:10: warning: data race on 'shared.hits': write in thread 'work' conflicts with {{read|write}} in thread 'work'
// MODEL-LABEL: templates:
// MODEL-DAG: T{{[0-9]+}} run many
// MODEL-DAG: T{{[0-9]+}} work many
// MODEL-LABEL: accesses:
// MODEL-DAG: write this->hits at cxx-member-thread.cpp:33:5 objects {shared.hits}
// MODEL-DAG: write this->hits at cxx-member-thread.cpp:40:10 objects {shared.hits}
#include <mutex>
#include <thread>

struct Counter {
  std::mutex mu;
  long hits = 0;
  void run() {
#ifndef RACY
    std::lock_guard<std::mutex> g(mu);
#endif
    ++hits;
  }
  // Reached through a member pointer passed by value and one returned.
  void up() {
#ifndef RACY
    std::lock_guard<std::mutex> g(mu);
#endif
    hits += 2;
  }
  void down() { std::lock_guard<std::mutex> g(mu); hits -= 2; }
};

using Op = void (Counter::*)();
__attribute__((noinline)) static Op pick(int k) {
  return k ? &Counter::up : &Counter::down;
}
__attribute__((noinline)) static void apply(Counter *c, Op m) { (c->*m)(); }
static void work(Counter *c) { apply(c, pick(1)); }

Counter shared;

int main() {
  std::thread a(&Counter::run, &shared);
  std::thread b(&Counter::run, &shared);
  std::thread c(work, &shared);
  std::thread d(work, &shared);
  a.join();
  b.join();
  c.join();
  d.join();
  return 0;
}
