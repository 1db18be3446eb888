// EXPECTED: race at lines 20 x 15 -- counter += 2 without the guard vs ++counter under lock_guard
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
      ++counter; /*RACE*/
    }
  });
  ts.emplace_back([&] {
    for (int i = 0; i < 1000; i++) {
      counter += 2; /*RACE*/ // bug: the lock_guard was left out
      if (i % 100 == 0) std::this_thread::yield();
    }
  });
  for (auto &t : ts) t.join();
  std::printf("%ld\n", counter);
  return 0;
}
