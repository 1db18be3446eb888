// C++20 std::atomic<int>::wait / notify_one as a hand-off: the producer
// writes the message, then bumps the sequence and notifies.
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>

static char message[32];
static std::atomic<int> seq{0};

int main() {
  std::thread consumer([] {
    seq.wait(0, std::memory_order_acquire); // returns once seq != 0
    std::printf("%s\n", message);
  });
  std::strcpy(message, "config reloaded");
  seq.store(1, std::memory_order_release);
  seq.notify_one();
  consumer.join();
  return 0;
}
