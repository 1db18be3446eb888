// A global object's constructor starts a thread before main; main writes
// the shared setting under the object's mutex (race-free) or not (racy).
#include <cstdio>
#include <mutex>
#include <thread>

static int level = 1;
static std::mutex mu;

struct Monitor {
  int seen = 0;
  std::thread t;
  Monitor() : t([this] {
    std::lock_guard<std::mutex> g(mu);
    seen = level;
  }) {}
  ~Monitor() { t.join(); }
};
static Monitor monitor;

int main() {
#ifdef SAFE
  std::lock_guard<std::mutex> g(mu);
#endif
  level = 2;
  std::printf("%d\n", level);
}
