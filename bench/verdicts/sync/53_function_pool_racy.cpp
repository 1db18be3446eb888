// A small thread pool: a mutex-protected queue of std::function tasks,
// workers that pop and run them, a done counter under the lock. Each task
// adds its slice into a shared total (BUG: the total is updated without
// the pool's lock; the done counter is locked).
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

class Pool {
public:
  explicit Pool(int n) {
    for (int i = 0; i < n; i++)
      workers_.emplace_back([this] { run(); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> g(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }
  void submit(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> g(mu_);
      tasks_.push(std::move(task));
    }
    cv_.notify_one();
  }
  std::mutex mu_;

private:
  void run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> l(mu_);
        cv_.wait(l, [this] { return stop_ || !tasks_.empty(); });
        if (stop_ && tasks_.empty())
          return;
        task = std::move(tasks_.front());
        tasks_.pop();
      }
      task();
    }
  }
  std::vector<std::thread> workers_;
  std::queue<std::function<void()>> tasks_;
  std::condition_variable cv_;
  bool stop_ = false;
};

static long total;
static int done;

int main() {
  {
    Pool pool(2);
    for (int i = 0; i < 4; i++)
      pool.submit([i, &pool] {
        total += i * 10; // RACE: tasks on two workers add without the lock
        std::lock_guard<std::mutex> g(pool.mu_);
        done++;
      });
  }
  std::printf("%ld %d\n", total, done);
  return 0;
}
