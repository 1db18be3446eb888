// A result handed from a worker to main through std::promise/std::future.
#include <cstdio>
#include <future>
#include <pthread.h>
#include <string>

static std::string summary;

struct Job {
  std::promise<int> p;
};

static void *count_rows(void *arg) {
  Job &j = *static_cast<Job *>(arg);
  auto &p = j.p;
  int rows = 0;
  for (int i = 0; i < 100; i++)
    rows += i % 3 == 0;
    p.set_value(rows);
    summary = "rows counted"; // after the hand-off
  return nullptr;
}

int main() {
  Job j;
  std::future<int> f = j.p.get_future();
  pthread_t t;
  pthread_create(&t, nullptr, count_rows, &j);
  int rows = f.get();
  std::printf("%d %s\n", rows, summary.c_str());
  pthread_join(t, nullptr);
  return 0;
}
