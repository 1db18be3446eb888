// A thread pool class: its constructor starts the workers into a
// std::vector<std::thread> member and its destructor joins every one of
// them. Each worker adds its share into a global total under the pool's
// lock; main reads the total (BUG: while the pool, and its workers, may
// still run).
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

static long total;

class Pool {
public:
  explicit Pool(int n) {
    for (int i = 0; i < n; i++)
      workers_.emplace_back([this, i] { work(i); });
  }
  ~Pool() {
    for (std::thread &t : workers_)
      t.join();
  }

private:
  void work(int i) {
    long part = 0;
    for (int k = 0; k < 1000; k++)
      part += k * (i + 1);
    std::lock_guard<std::mutex> g(mu_);
    total += part;
  }
  std::mutex mu_;
  std::vector<std::thread> workers_;
};

int main() {
  long seen = 0;
  {
    Pool pool(4);
    seen = total; // RACE: the workers may still be adding
  }
  std::printf("%ld\n", seen);
  return 0;
}
