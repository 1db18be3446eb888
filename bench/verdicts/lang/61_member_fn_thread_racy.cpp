// std::thread on a member function of two objects; each object counts in
// itself (race-free) or both count in a static member (racy).
#include <cstdio>
#include <thread>

struct Worker {
  long own = 0;
  static long all;
  void run() {
    for (int i = 0; i < 100; i++) {
      own++;
#ifndef SAFE
      all++;
#endif
    }
  }
};
long Worker::all;

int main() {
  Worker a, b;
  std::thread x(&Worker::run, &a), y(&Worker::run, &b);
  x.join();
  y.join();
  std::printf("%ld %ld %ld\n", a.own, b.own, Worker::all);
}
