// std::condition_variable hand-off with std::unique_lock and a predicate:
// the producer prepares a batch, sets 'ready' under the mutex, notifies.
// BUG: the batch is assigned after the notification, outside the lock.
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

static std::mutex mu;
static std::condition_variable cv;
static bool ready = false;
static std::vector<int> batch;

static void producer() {
  std::vector<int> local{3, 1, 4, 1, 5};
  {
    std::unique_lock<std::mutex> lk(mu);
    ready = true;
  }
  cv.notify_one();
  batch = local; // RACE: filled after 'ready' was published
}

static void consumer() {
  std::unique_lock<std::mutex> lk(mu);
  cv.wait(lk, [] { return ready; });
  int s = 0;
  for (int v : batch)
    s += v;
  lk.unlock();
  std::printf("%d\n", s);
}

int main() {
  std::thread c(consumer);
  std::thread p(producer);
  p.join();
  c.join();
  return 0;
}
