// clang-format off
// full-sleep: std::this_thread::sleep_for retries nanosleep while it
// returns -1 with errno EINTR. The replay took nanosleep's result as any
// value, so every sleep forked its path twice, and a worker that sleeps in
// its loop spent the replay's path budget before the race: a possible race
// ("the validation path budget ran out") on a real one. nanosleep now
// sleeps its whole time and returns 0, as it does when no signal
// interrupts it (taken on trust: a death after it proves nothing).
// Race-free: main reads the count after the join.
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
#include <atomic>
#include <chrono>
#include <thread>

static std::atomic<bool> stop{false};
static long ticks;

int main() {
  std::thread sampler([] {
    while (!stop.load()) {
      ++ticks;
      std::this_thread::sleep_for(std::chrono::microseconds(1));
    }
  });
  std::this_thread::sleep_for(std::chrono::microseconds(200));
  long seen = 0;
#ifdef RACY
  seen = ticks;
#endif
  stop.store(true);
  sampler.join();
  return int(seen + ticks);
}

// RACY: full-sleep.cpp:22:7: warning: data race on 'ticks': write in thread 'lambda@{{.*}}full-sleep.cpp:20' conflicts with read in thread 'main'
// FREE-NOT: warning
