// A std::unique_lock released early: the racy variant updates the total
// after unlock().
#include <cstdio>
#include <mutex>
#include <thread>

static std::mutex mu;
static long total;

static void add(long v) {
  std::unique_lock<std::mutex> lk(mu);
#ifdef SAFE
  total += v;
  lk.unlock();
#else
  lk.unlock();
  total += v;
#endif
}

int main() {
  std::thread a(add, 1), b(add, 2);
  a.join();
  b.join();
  std::printf("%ld\n", total);
}
