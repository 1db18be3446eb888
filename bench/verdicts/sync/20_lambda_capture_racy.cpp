// std::thread lambdas: the loop variable and the per-thread accumulator are
// captured by value / own slot; the shared vector is only read.
// BUG: a running total is captured by reference and added to unlocked.
#include <cstdio>
#include <thread>
#include <vector>

int main() {
  std::vector<int> values(4000);
  for (int i = 0; i < 4000; i++)
    values[i] = i % 7;
  long sums[4] = {0, 0, 0, 0};
  long total = 0;
  std::vector<std::thread> ts;
  for (int k = 0; k < 4; k++) {
    ts.emplace_back([k, &values, &sums, &total] {
      long s = 0;
      for (int i = k * 1000; i < (k + 1) * 1000; i++)
        s += values[i];
      sums[k] = s;
      total += s; // RACE: 'total' captured by reference by every thread
    });
  }
  for (auto &t : ts)
    t.join();
  std::printf("%ld %ld\n", sums[0] + sums[1] + sums[2] + sums[3], total);
  return 0;
}
