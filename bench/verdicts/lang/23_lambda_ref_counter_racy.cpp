// Two lambdas capture one local counter by reference (racy), or each its
// own (race-free).
#include <cstdio>
#include <thread>

int main() {
  long a = 0, b = 0;
#ifdef SAFE
  std::thread t1([&a] { a += 1; });
  std::thread t2([&b] { b += 2; });
#else
  std::thread t1([&a] { a += 1; });
  std::thread t2([&a] { a += 2; });
#endif
  t1.join();
  t2.join();
  std::printf("%ld %ld\n", a, b);
}
