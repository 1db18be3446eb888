// A detached std::thread sets a flag through an atomic (race-free) or a
// plain bool (racy) that main polls.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#ifdef SAFE
static std::atomic<bool> done{false};
#else
static bool done = false;
#endif
static int result;
int main() {
  std::thread([] {
    result = 42;
    done = true;
  }).detach();
  while (!done)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::printf("%d\n", result);
}
