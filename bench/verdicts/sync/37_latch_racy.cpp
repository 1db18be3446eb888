// C++20 std::latch: workers count down and (BUG) then fill their shard; and the
// aggregator waits on the latch before reading all shards.
#include <cstdio>
#include <latch>
#include <thread>
#include <vector>

static long shard[3];

int main() {
  std::latch done(3);
  std::vector<std::thread> ws;
  for (int k = 0; k < 3; k++)
    ws.emplace_back([k, &done] {
      long s = 0;
      for (int i = 0; i < 1000; i++)
        s += (i * (k + 1)) % 7;
      done.count_down();
      shard[k] = s; // RACE: stored after counting down
    });
  done.wait();
  long total = shard[0] + shard[1] + shard[2];
  std::printf("%ld\n", total);
  for (auto &w : ws)
    w.join();
  return 0;
}
