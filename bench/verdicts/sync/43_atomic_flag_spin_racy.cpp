// C++ std::atomic idiom (spin): racy variant (RACY) and race-free variant.
#define RACY 1
#include <atomic>
#include <cstdio>
#include <thread>
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
