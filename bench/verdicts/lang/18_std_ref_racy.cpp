// A worker updates an object handed to it with std::ref; main reads it
// after the join (race-free) or before (racy).
#include <cstdio>
#include <functional>
#include <thread>

struct Stats {
  long count = 0;
};

static void work(Stats &s) {
  for (int i = 0; i < 3; ++i)
    s.count++;
}

int main() {
  Stats s;
  std::thread t(work, std::ref(s));
#ifndef SAFE
  std::printf("%ld\n", s.count);
#endif
  t.join();
  std::printf("%ld\n", s.count);
}
