// EXPECTED: no race
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

// Both lambdas capture counter and m by reference; counter is guarded by m.
int main() {
  long counter = 0;
  std::mutex m;
  std::vector<std::thread> ts;
  ts.emplace_back([&] {
    for (int i = 0; i < 1000; i++) {
      std::lock_guard<std::mutex> g(m);
      ++counter;
    }
  });
  ts.emplace_back([&] {
    for (int i = 0; i < 1000; i++) {
      {
        std::lock_guard<std::mutex> g(m);
        counter += 2;
      } // the guard's scope ends here
      if (i % 100 == 0) std::this_thread::yield();
    }
  });
  for (auto &t : ts) t.join();
  std::printf("%ld\n", counter);
  return 0;
}
