// C++ std::atomic idiom (counter): racy variant (RACY) and race-free variant.
// (race-free)
#include <atomic>
#include <cstdio>
#include <thread>
static std::atomic<int> done{0};
static int results[2];
static void work(int k) {
  results[k] = k * 10;
  done.fetch_add(1, std::memory_order_acq_rel);
}
int main() {
  std::thread a(work, 0), b(work, 1);
#ifdef RACY
  while (done.load() < 1)
#else
  while (done.load() < 2)
#endif
    ;
  std::printf("%d\n", results[0] + results[1]);
  a.join();
  b.join();
}
