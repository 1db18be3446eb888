#define SAFE 1
// A one-item queue with a condition variable: the producer fills it under
// the mutex (race-free) or before taking it (racy).
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

static std::mutex mu;
static std::condition_variable cv;
static int item;
static bool full;

static void consumer() {
  std::unique_lock<std::mutex> lk(mu);
  cv.wait(lk, [] { return full; });
  std::printf("%d\n", item);
}

int main() {
  std::thread c(consumer);
#ifndef SAFE
  item = 7;
#endif
  {
    std::lock_guard<std::mutex> g(mu);
#ifdef SAFE
    item = 7;
#endif
    full = true;
  }
  cv.notify_one();
#ifndef SAFE
  item = 8;
#endif
  c.join();
}
