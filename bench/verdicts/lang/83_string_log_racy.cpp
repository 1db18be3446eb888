// A log kept in a std::string: a writer appends, a reader takes its size,
// under one mutex (race-free) or the reader without it (racy).
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

static std::string journal;
static std::mutex mu;

static void writer() {
  for (int i = 0; i < 50; i++) {
    std::lock_guard<std::mutex> g(mu);
    journal += "entry;";
  }
}

static size_t length() {
#ifdef SAFE
  std::lock_guard<std::mutex> g(mu);
#endif
  return journal.size();
}

int main() {
  std::thread w(writer);
  size_t seen = 0;
  std::thread r([&] { seen = length(); });
  w.join();
  r.join();
  std::printf("%zu %zu\n", seen, journal.size());
}
