// A log string two threads append to; race-free: under one mutex.
// Compiled as clang's default, gnu++17 (STD): std::string's members are
// extern templates there, with no body in the unit.
#include <mutex>
#include <string>
#include <thread>
std::string journal;
std::mutex mu;
static void record(const char *what) {
#ifdef FREE
  std::lock_guard<std::mutex> g(mu);
#endif
  journal += what;
  journal += '\n';
}
int main() {
  std::thread t(record, "worker started");
  record("main started");
  t.join();
  return journal.size() > 0 ? 0 : 1;
}
