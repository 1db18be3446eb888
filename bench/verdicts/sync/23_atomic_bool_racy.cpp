// std::atomic<bool> publication flag with (BUG) relaxed ordering: the
// loader thread fills a lookup table and then sets 'loaded'.
#include <atomic>
#include <cstdio>
#include <thread>

static int table[256];
static std::atomic<bool> loaded{false};

static void loader() {
  for (int i = 0; i < 256; i++)
    table[i] = i * i % 251;
  loaded.store(true, std::memory_order_relaxed);
}

static void user() {
  while (!loaded.load(std::memory_order_relaxed))
    std::this_thread::yield();
  long s = 0;
  for (int i = 0; i < 256; i++)
    s += table[i]; // RACE (C11): no happens-before from the relaxed flag
  std::printf("%ld\n", s);
}

int main() {
  std::thread u(user);
  std::thread l(loader);
  l.join();
  u.join();
  return 0;
}
