#define SAFE 1
// A reader-writer cache: the writer takes the lock exclusively (race-free)
// or, wrongly, shared (racy).
#include <cstdio>
#include <mutex>
#include <shared_mutex>
#include <thread>

static std::shared_mutex mu;
static int cached;

static void reader() {
  std::shared_lock<std::shared_mutex> lk(mu);
  std::printf("%d\n", cached);
}

static void writer() {
#ifdef SAFE
  std::unique_lock<std::shared_mutex> lk(mu);
#else
  std::shared_lock<std::shared_mutex> lk(mu);
#endif
  cached = 42;
}

int main() {
  std::thread r(reader), w(writer);
  r.join();
  w.join();
}
