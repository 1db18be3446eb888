// counter.cpp: C++ threads. 'hits' is guarded by a std::mutex through
// std::lock_guard; 'misses' is not.
//
// Expected verdicts: data race on 'misses'; no race on 'hits'.
#include <cstdio>
#include <mutex>
#include <thread>

static int hits;
static int misses;
static std::mutex guard;

static void count(bool hit) {
  if (hit) {
    std::lock_guard<std::mutex> lock(guard);
    ++hits;
  } else {
    ++misses;
  }
}

int main() {
  std::thread a(count, true);
  std::thread b(count, false);
  std::thread c(count, false);
  a.join();
  b.join();
  c.join();
  std::printf("%d %d\n", hits, misses);
}
