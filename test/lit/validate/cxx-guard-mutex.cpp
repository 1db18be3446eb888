// clang-format off
// A std::lock_guard on a mutex of its object (`this->mu`), two objects,
// one per thread: the replay takes the mutex the guard's constructor was
// given, read in the caller's frame, and releases it at the destructor.
// It had not located such a lock (only one runtime object, or an operand
// of the call, was), so a race on a count shared by all objects behind
// the object's own mutex stayed possible ("a lock the replay cannot
// locate"). With SAFE the count has a mutex of its own: no warning.
// RUN: %clang -std=c++17 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clang -std=c++17 -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
#include <cstdio>
#include <mutex>
#include <thread>

struct Session {
  std::mutex mu;
  int requests = 0;
  static int total;
  static std::mutex total_mu;
  void hit() {
    std::lock_guard<std::mutex> g(mu);
    requests++;
#ifdef SAFE
    std::lock_guard<std::mutex> t(total_mu);
#endif
    total++;
  }
};
int Session::total;
std::mutex Session::total_mu;

int main() {
  Session a, b;
  std::thread x([&] { a.hit(); }), y([&] { b.hit(); });
  x.join();
  y.join();
  std::printf("%d %d %d\n", a.requests, b.requests, Session::total);
}

// CHECK: cxx-guard-mutex.cpp:26:10: warning: data race on 'total': write in thread 'lambda@{{.*}}cxx-guard-mutex.cpp:34#2' conflicts with read in thread 'lambda@{{.*}}cxx-guard-mutex.cpp:34'
// CHECK: note: 'lambda@{{.*}}cxx-guard-mutex.cpp:34#2' holds {this->mu}; 'lambda@{{.*}}cxx-guard-mutex.cpp:34' holds {this->mu}
// CHECK: note: interleaving:
// SAFE-NOT: warning:
