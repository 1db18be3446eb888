// std::shared_ptr copies handed to threads: copying/destroying the
// shared_ptr is thread-safe (atomic use count); the pointee is immutable
// after construction, each thread writes only its own result.
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

struct Settings {
  int threshold;
  std::vector<int> weights;
};

int main() {
  auto s = std::make_shared<Settings>();
  s->threshold = 5;
  s->weights = {1, 2, 3, 4, 5, 6, 7, 8};
  long results[2] = {0, 0};
  std::vector<std::thread> ts;
  for (int k = 0; k < 2; k++) {
    std::shared_ptr<Settings> copy = s;
    ts.emplace_back([copy, k, &results] {
      long r = 0;
      for (int w : copy->weights)
        if (w > copy->threshold - k)
          r += w;
      results[k] = r;
    });
  }
  s.reset();
  for (auto &t : ts)
    t.join();
  std::printf("%ld %ld\n", results[0], results[1]);
  return 0;
}
