// A std::promise<void> used as a start gate broadcast through a
// std::shared_future: the coordinator fills the job parameters, then
// sets the value; every worker waits on its copy of the shared_future.
#include <cstdio>
#include <future>
#include <thread>
#include <vector>

struct params { int scale; int offset; };
static params job;

int main() {
  std::promise<void> gate;
  std::shared_future<void> go = gate.get_future().share();
  std::vector<std::thread> ws;
  long out[3] = {0, 0, 0};
  for (int i = 0; i < 3; i++)
    ws.emplace_back([go, i, &out] {
      go.wait();
      out[i] = (long)job.scale * i + job.offset;
    });
  job.scale = 10;
  job.offset = 7;
  gate.set_value();
  for (auto &w : ws)
    w.join();
  std::printf("%ld %ld %ld\n", out[0], out[1], out[2]);
  return 0;
}
