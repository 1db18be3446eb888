// A message string published to main; race-free: under the mutex, main
// waits on a condition variable until it is ready.
// Compiled as clang's default, gnu++17 (STD): std::string's members are
// extern templates there, with no body in the unit.
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
static std::mutex mu;
static std::condition_variable cv;
static std::string message;
static bool ready = false;
static void producer() {
  std::string m = "hello";
  m.append(", world");
#if 1 // race-free: FREE
  std::lock_guard<std::mutex> g(mu);
#endif
  message = m;
  ready = true;
  cv.notify_one();
}
int main() {
  std::thread t(producer);
  std::string copy;
  {
#if 1 // race-free: FREE
    std::unique_lock<std::mutex> g(mu);
    cv.wait(g, [] { return ready; });
#endif
    copy = message;
  }
  t.join();
  return copy.empty() ? 1 : 0;
}
