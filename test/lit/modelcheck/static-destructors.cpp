// clang-format off
// exit-handlers: the destructor of a C++ static object (registered with
// __cxa_atexit by its constructor) runs in main's thread after main
// returns, on that object. A detached sampler still appending to a static
// vector races with ~vector (-DDETACH: confirmed, reported at the vector's
// declaration); joined before main returns, the destructor's accesses come
// after every sampler (the MHP layer's after-join, MHP prefix), and an
// exception out of main (check() may throw before the join) runs no
// destructor: std::terminate aborts. Before, destructors were never run:
// the race was missed.
// RUN: %clang -x c++ -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %clang -x c++ -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -x c++ -std=c++20 -g -O0 -c -DDETACH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=DETACH --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <unistd.h>
#include <vector>

// MODEL: exit handlers: _ZNSt6vectorIiSaIiEED2Ev
static std::vector<int> samples;

static void *sampler(void *) {
  for (int i = 0; i < 1000; ++i) {
    // DETACH: static-destructors.cpp:[[#@LINE+2]]:13: warning: data race on 'samples': write in thread 'sampler' conflicts with read in thread 'main'
    // DETACH: static-destructors.cpp:[[#@LINE-5]]:1: note: conflicting read in thread 'main' here
    samples.push_back(i);
    usleep(10);
  }
  return nullptr;
}

static void check(int argc) {
  if (argc > 3)
    throw argc;
}

// MHP: C0 sampler at static-destructors.cpp:[[#@LINE+5]] by main: tracked
// MHP: after join:
// MHP: read *this at stl_vector.h:{{[0-9]+}}:{{[0-9]+}} in ~vector (thread main): after every sampler
int main(int argc, char **) {
  pthread_t t;
  pthread_create(&t, nullptr, sampler, nullptr);
#ifdef DETACH
  pthread_detach(t);
  usleep(100);
#else
  check(argc);
  pthread_join(t, nullptr);
#endif
  return 0;
}
// DETACH: stl_vector.h:{{[0-9]+}}:{{[0-9]+}}: note: the read in thread 'main' itself is in '~vector', in a system header, reached through the call reported
// DETACH: note: interleaving: main: create sampler#1 (static-destructors.cpp:[[#@LINE-11]]) {{.*}} main: read *this (static-destructors.cpp:22) -> sampler#1: write *this (static-destructors.cpp:28)
// FREE-NOT: warning
