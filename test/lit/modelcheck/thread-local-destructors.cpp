// clang-format off
// key-destructors: a thread_local object's destructor (registered with
// __cxa_thread_atexit when the thread first touches the object) runs when
// the thread ends, on that thread's object. Per-thread counters merged
// into a total there race between workers (confirmed, reported at the
// object's declaration; TSan 3/3); under a mutex (-DSAFE) they do not.
// Before, the destructor was an unknown function's callback run at the
// registration: the race was only possible, and the race-free version had
// two possible races on the thread_local object itself. The replay runs
// __tls_init through its alias, with the thread's own __tls_guard.
// RUN: %clang -x c++ -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -x c++ -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -x c++ -std=c++20 -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty --implicit-check-not=warning:
// clang-format on
#include <cstdio>
#include <pthread.h>

static long total;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

// MODEL: thread exit handlers: _ZN7CounterD2Ev
// MODEL: T1 worker many runs thread exit handlers
struct Counter {
  long n = 0;
  ~Counter() {
#ifdef SAFE
    pthread_mutex_lock(&mu);
#endif
    // RACY: thread-local-destructors.cpp:[[#@LINE+1]]:11: warning: data race on 'total': write in thread 'worker' conflicts with read in thread 'worker'
    total += n;
#ifdef SAFE
    pthread_mutex_unlock(&mu);
#endif
  }
};

// RACY: thread-local-destructors.cpp:[[#@LINE+1]]:1: note: both accesses in thread 'worker' are in '~Counter', called from 'the thread's exit' here
static thread_local Counter counter;

static void *worker(void *) {
  for (int i = 0; i < 100; i++)
    counter.n++;
  return nullptr;
}

int main() {
  pthread_t t[4];
  for (auto &x : t)
    pthread_create(&x, nullptr, worker, nullptr);
  for (auto &x : t)
    pthread_join(x, nullptr);
  std::printf("%ld\n", total);
}
// SAFE-NOT: warning
