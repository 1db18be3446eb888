#define SAFE 1
// Instances count themselves in a static member: atomic (race-free) or a
// plain int (racy).
#include <atomic>
#include <cstdio>
#include <thread>

struct Conn {
#ifdef SAFE
  static std::atomic<int> live;
#else
  static int live;
#endif
  Conn() { ++live; }
};
#ifdef SAFE
std::atomic<int> Conn::live{0};
#else
int Conn::live = 0;
#endif

static void open_one() { Conn c; (void)c; }

int main() {
  std::thread a(open_one), b(open_one);
  a.join();
  b.join();
  std::printf("%d\n", (int)Conn::live);
}
