// An RAII thread guard: its destructor joins the thread if it is still
// joinable. A worker counts words into a shared tally under a lock; main
// prints the tally after the guard's scope has ended.
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>

class ThreadGuard {
  std::thread &t_;

public:
  explicit ThreadGuard(std::thread &t) : t_(t) {}
  ~ThreadGuard() {
    if (t_.joinable())
      t_.join();
  }
  ThreadGuard(const ThreadGuard &) = delete;
  ThreadGuard &operator=(const ThreadGuard &) = delete;
};

static std::mutex mu;
static long words;

static void count(const char *text) {
  long n = 0;
  for (const char *p = text; *p; p++)
    if (*p == ' ')
      n++;
  std::lock_guard<std::mutex> g(mu);
  words += n + 1;
}

int main() {
  const char *text = "a small text with a few words in it";
  long seen = 0;
  {
    std::thread t(count, text);
    ThreadGuard g(t);
  }
  seen = words;
  std::printf("%ld\n", seen);
  return 0;
}
