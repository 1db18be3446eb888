// clang-format off
// cxx-atomic-members: at -O0 std::atomic's members are calls (load, store,
// operator bool) or clang-inlined code (fetch_add, exchange, atomic_flag)
// that switch on the memory order and reach the atomic through a local
// slot. The model saw an access of any of five orders through an unknown
// pointer and an unknown result: a spinlock built on atomic_flag protected
// nothing (a possible race on race-free code), and a pointer published with
// a relaxed store was no race at all (missed). On the analysis copy the
// members become the one IR atomic the source means.
// RUN: %clang -std=c++20 -g -O0 -c -DSPIN %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %clang -std=c++20 -g -O0 -c -DSPIN -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SPIN-RACY
// RUN: %clang -std=c++20 -g -O0 -c -DPUBLISH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %clang -std=c++20 -g -O0 -c -DPUBLISH -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PUBLISH-RACY
// The model: one atomic on the global itself, its result compared.
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSPIN %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <atomic>
#include <cstdio>
#include <thread>

#ifdef SPIN
static std::atomic_flag busy = ATOMIC_FLAG_INIT;
static long total;
static void add(int n) {
  for (int i = 0; i < n; ++i) {
#ifndef RACY
    while (busy.test_and_set(std::memory_order_acquire))
      ;
#endif
    total += i;
#ifndef RACY
    busy.clear(std::memory_order_release);
#endif
  }
}
int main() {
  std::thread a(add, 100), b(add, 200);
  a.join();
  b.join();
  std::printf("%ld\n", total);
}
#endif

#ifdef PUBLISH
struct Config {
  int level;
  int width;
};
static std::atomic<Config *> current{nullptr};
#ifdef RACY
constexpr auto Pub = std::memory_order_relaxed;
#else
constexpr auto Pub = std::memory_order_release;
#endif
static void writer() {
  Config *c = new Config;
  c->level = 3;
  c->width = 80;
  current.store(c, Pub);
}
static void reader() {
  Config *c;
  while (!(c = current.load(std::memory_order_acquire)))
    std::this_thread::yield();
  std::printf("%d %d\n", c->level, c->width);
}
int main() {
  std::thread r(reader), w(writer);
  w.join();
  r.join();
  delete current.load();
}
#endif

// NONE-NOT: warning:
// SPIN-RACY: cxx-atomic-members.cpp:30:11: warning: data race on 'total': write in thread 'add' conflicts with read in thread 'add'
// PUBLISH-RACY-DAG: cxx-atomic-members.cpp:57:12: warning: data race on field .level of the heap object allocated at cxx-atomic-members.cpp:56: write in thread 'writer' conflicts with read in thread 'reader'
// PUBLISH-RACY-DAG: cxx-atomic-members.cpp:58:12: warning: data race on field .width of the heap object allocated at cxx-atomic-members.cpp:56: write in thread 'writer' conflicts with read in thread 'reader'
// MODEL-LABEL: function _ZL3addi:
// MODEL: atomic busy@{{[0-9]+}} := busy, busy := 1
// MODEL-NEXT: assume busy@{{[0-9]+}} != 0
// MODEL: atomic write busy
