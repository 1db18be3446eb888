// clang-format off
// libstdc++'s mutexes, guards and condition variables are modelled at the
// user's call, where the mutex is known: each guard locks its own mutex
// (not "any std::mutex of the program"), at -O0 and at -O2 (the plugin sees
// -O2 code before optimisation).
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t0.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t0.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t0.ll 2>&1 | %FileCheck %s
// RUN: %clang -std=c++20 -g -O2 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t2.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t2.ll 2>&1 | %FileCheck %s
#include <condition_variable>
#include <mutex>
#include <shared_mutex>
#include <thread>

int a, b, c, d, e, f, g;
bool ready;
std::mutex m1, m2;
std::recursive_mutex rm;
std::shared_mutex sm;
std::condition_variable cv;

void guard() { std::lock_guard<std::mutex> l(m1); ++a; }
void unique() { std::unique_lock<std::mutex> u(m1); ++b; u.unlock(); }
void scoped() { std::scoped_lock s(m1, m2); ++c; }
void recursive() {
  std::lock_guard<std::recursive_mutex> l1(rm);
  std::lock_guard<std::recursive_mutex> l2(rm);
  ++d;
}
void reader() { std::shared_lock<std::shared_mutex> r(sm); g = e; }
void writer() { std::unique_lock<std::shared_mutex> w(sm); ++e; }
void plain() { m2.lock(); ++a; m2.unlock(); }
void waiter() {
  std::unique_lock<std::mutex> u(m1);
  cv.wait(u, [] { return ready; });
  ++f;
}
void notifier() {
  {
    std::lock_guard<std::mutex> l(m1);
    ready = true;
  }
  cv.notify_one();
}

void body() { guard(); unique(); scoped(); recursive(); reader(); writer(); plain(); }

int main() {
  std::thread t1(body), t2(body);
  std::jthread j(waiter);
  notifier();
  t1.join();
  t2.join();
}

// std::thread(body) and std::jthread(waiter) share one _M_run (both start
// a plain function): one template running either, named after both.
// MODEL-LABEL: templates:
// MODEL-NEXT: T0 main once
// MODEL-NEXT: T1 body|waiter many
// MODEL-LABEL: function _Z5guardv:
// MODEL: lock m1 at {{.*}}cxx-sync.cpp:24:
// MODEL: unlock m1 at {{.*}}cxx-sync.cpp:24:
// MODEL-LABEL: function _Z6uniquev:
// MODEL: lock m1 at {{.*}}cxx-sync.cpp:25:
// MODEL: unlock m1 at {{.*}}cxx-sync.cpp:25:
// MODEL-LABEL: function _Z6scopedv:
// MODEL: lock m1 at {{.*}}cxx-sync.cpp:26:
// MODEL-NEXT: lock m2 at {{.*}}cxx-sync.cpp:26:
// MODEL: unlock m1 at {{.*}}cxx-sync.cpp:26:
// MODEL-NEXT: unlock m2 at {{.*}}cxx-sync.cpp:26:
// MODEL-LABEL: function _Z9recursivev:
// MODEL: lock rm (recursive) at {{.*}}cxx-sync.cpp:28:
// MODEL: lock rm (recursive) at {{.*}}cxx-sync.cpp:29:
// MODEL-LABEL: function _Z6readerv:
// MODEL: rdlock sm at {{.*}}cxx-sync.cpp:32:
// MODEL-LABEL: function _Z6writerv:
// MODEL: wrlock sm at {{.*}}cxx-sync.cpp:33:
// MODEL-LABEL: function _Z5plainv:
// MODEL: lock m2 at {{.*}}cxx-sync.cpp:34:
// MODEL: unlock m2 at {{.*}}cxx-sync.cpp:34:
// MODEL-LABEL: function _Z6waiterv:
// MODEL: lock m1 at {{.*}}cxx-sync.cpp:36:
// MODEL: wait cv, m1 at
// MODEL-LABEL: function _Z8notifierv:
// MODEL: signal cv at {{.*}}cxx-sync.cpp:45:

// 'a' is written under m1 in guard() and under m2 in plain(): a race. All
// else is protected by one common lock.
// Witness validation does not follow libstdc++'s thread start yet: the race
// is reported as possible, with the reason.
// CHECK: cxx-sync.cpp:{{24|34}}:{{[0-9]+}}: possible data race on 'a': {{.*}}{{could not be replayed|are not ones the program can take}}
// CHECK-NOT: data race
