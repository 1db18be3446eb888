// C++ std::atomic idiom (publish): racy variant (RACY) and race-free variant.
#define RACY 1
#include <atomic>
#include <cstdio>
#include <thread>
struct Config { int level; int width; };
static std::atomic<Config *> current{nullptr};
#ifdef RACY
constexpr auto Pub = std::memory_order_relaxed;
#else
constexpr auto Pub = std::memory_order_release;
#endif
static void writer() {
  Config *c = new Config;
  c->level = 3;
  c->width = 80;
  current.store(c, Pub);
}
static void reader() {
  Config *c;
  while (!(c = current.load(std::memory_order_acquire)))
    std::this_thread::yield();
  std::printf("%d %d\n", c->level, c->width);
}
int main() {
  std::thread r(reader), w(writer);
  w.join();
  r.join();
  delete current.load();
}
