// Each object guards its fields with its own mutex; a count shared by all
// objects needs a shared mutex (race-free) and not the object's (racy).
#define SAFE 1
#include <cstdio>
#include <mutex>
#include <thread>

struct Session {
  std::mutex mu;
  int requests = 0;
  static int total;
  static std::mutex total_mu;
  void hit() {
    std::lock_guard<std::mutex> g(mu);
    requests++;
#ifdef SAFE
    std::lock_guard<std::mutex> t(total_mu);
#endif
    total++;
  }
};
int Session::total;
std::mutex Session::total_mu;

int main() {
  Session a, b;
  std::thread x([&] { a.hit(); }), y([&] { b.hit(); });
  x.join();
  y.join();
  std::printf("%d %d %d\n", a.requests, b.requests, Session::total);
}
