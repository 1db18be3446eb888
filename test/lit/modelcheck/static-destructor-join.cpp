// clang-format off
// exit-handlers: a static object whose constructor starts a std::thread
// and whose destructor (run at exit) stops and joins it before reading
// what the thread counted. The join in the destructor orders the read:
// no race. Before, passing the object to __cxa_atexit counted as a write
// of its thread handle (handle-overwritten), so the join named no thread
// and three possible races were reported. -DRACY: main reads the count
// without the mutex while the thread runs: confirmed.
// RUN: %clang -x c++ -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -x c++ -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -x c++ -std=c++20 -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// clang-format on
#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

class Ticker {
public:
  Ticker() : worker_([this] { run(); }) {}
  ~Ticker() {
    stop_ = true;
    // MODEL: join ticker.worker_._M_id._M_thread at static-destructor-join.cpp:[[#@LINE+1]]
    worker_.join();
    std::printf("%ld ticks\n", ticks_);
  }
  long ticks_ = 0;
  std::mutex mu_;

private:
  void run() {
    while (!stop_) {
      std::lock_guard<std::mutex> g(mu_);
      // RACY: static-destructor-join.cpp:[[#@LINE+1]]:13: warning: data race on 'ticker.ticks_': write in thread 'lambda@{{.*}}' conflicts with read in thread 'main'
      ticks_++;
    }
  }
  std::atomic<bool> stop_{false};
  std::thread worker_;
};

static Ticker ticker;

int main() {
#ifndef RACY
  std::lock_guard<std::mutex> g(ticker.mu_);
#endif
  return ticker.ticks_ > 0;
}
// FREE-NOT: warning
