// Two threads append to one std::vector, under a std::mutex (race-free) or
// not (racy).
#define SAFE 1
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

static std::vector<int> results;
static std::mutex mu;

static void produce(int base) {
  for (int i = 0; i < 100; i++) {
#ifdef SAFE
    std::lock_guard<std::mutex> g(mu);
#endif
    results.push_back(base + i);
  }
}

int main() {
  std::thread a(produce, 0), b(produce, 1000);
  a.join();
  b.join();
  std::printf("%zu\n", results.size());
}
