// C++20 std::binary_semaphore ping: the worker waits for 'go', processes
// the shared request and releases 'done'; main reads the answer after
// acquiring 'done'. BUG: main sets req.b after releasing 'go'.
#include <cstdio>
#include <semaphore>
#include <thread>

struct request { int a, b; long answer; };
static request req;
static std::binary_semaphore go{0}, done{0};

int main() {
  std::thread worker([] {
    go.acquire();
    req.answer = (long)req.a * req.b;
    done.release();
  });
  req.a = 6;
  go.release();
  req.b = 7; // RACE: the worker may already be reading it
  done.acquire();
  std::printf("%ld\n", req.answer);
  worker.join();
  return 0;
}
