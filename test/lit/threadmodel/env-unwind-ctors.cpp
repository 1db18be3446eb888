// clang-format off
// env-root in a C++ library: the global constructors run once, before any
// entry (env-constructors), and an exception out of an entry ends the
// callers' use of the library (env-unwind). The constructor starts a
// background thread, which races with poke on `polls` (before, constructors
// never ran in a library's environment); it writes `config` before any
// thread exists (run again, it would race with its own thread). run_pair's
// two threads race on `hits`. Its exceptional path (the second std::thread
// failing to start) destroys a joinable `a`, which terminates; calling
// run_pair again from there would let two instances of the first lambda
// overlap.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <thread>

int config;
int hits;
int polls;
static void *poller(void *) {
  polls += config;
  return nullptr;
}
struct Setup {
  Setup() {
    config = 42;
    pthread_t t;
    pthread_create(&t, nullptr, poller, nullptr);
    pthread_detach(t);
  }
} setup;

extern "C" void poke() { polls++; }

extern "C" void run_pair() {
  std::thread a([] { hits += config; });
  std::thread b([] { hits += config; });
  a.join();
  b.join();
}

// MODEL: templates:
// MODEL-NEXT: T0 <env> once
// MODEL: stack 'a' singleton
// MODEL: stack 'b' singleton

// CHECK: env-unwind-ctors.cpp:35:31: warning: data race on 'polls': write by the library's callers conflicts with read in thread 'poller'
// CHECK: env-unwind-ctors.cpp:35:31: note: the interleaving happens when the program's first call into this module is 'poke'
// CHECK: env-unwind-ctors.cpp:38:27: warning: data race on 'hits': write in thread 'lambda@{{.*}}env-unwind-ctors.cpp:38' conflicts with read in thread 'lambda@{{.*}}env-unwind-ctors.cpp:39'
