// C++ std::atomic idiom (stop): racy variant (RACY) and race-free variant.
// (race-free)
#include <atomic>
#include <cstdio>
#include <thread>
static std::atomic<bool> stop{false};
static long ticks;
static void spin() {
  long n = 0;
  while (!stop)
    ++n;
  ticks = n;
}
int main() {
  std::thread t(spin);
  stop = true;
#ifndef RACY
  t.join();
#endif
  std::printf("%ld\n", ticks);
#ifdef RACY
  t.join();
#endif
}
