#define SAFE 1
// Each thread writes its own slot of a vector (race-free); the racy variant
// has every thread add into slot 0.
#include <cstdio>
#include <thread>
#include <vector>

int main() {
  std::vector<long> results(2);
  std::vector<std::thread> pool;
  for (int i = 0; i < 2; ++i)
    pool.emplace_back([&results, i] {
#ifdef SAFE
      results[i] = i + 1;
#else
      results[0] += i + 1;
#endif
    });
  for (auto &t : pool)
    t.join();
  std::printf("%ld %ld\n", results[0], results[1]);
}
