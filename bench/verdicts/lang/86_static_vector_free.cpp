// A static vector of samples a sampler thread fills under a mutex: its
#define SAFE 1
// destructor runs at exit, without the mutex. Main stops and joins the
// sampler before returning (race-free) or detaches it (racy).
#include <atomic>
#include <mutex>
#include <pthread.h>
#include <unistd.h>
#include <vector>

static std::mutex mu;
static std::vector<long> samples;
static std::atomic<bool> stop;

static void *sampler(void *) {
  for (long i = 0; !stop.load(); ++i) {
    std::lock_guard<std::mutex> g(mu);
    samples.push_back(i);
  }
  return nullptr;
}

int main() {
  pthread_t t;
  pthread_create(&t, nullptr, sampler, nullptr);
  usleep(1000);
#ifndef SAFE
  pthread_detach(t);
#else
  stop = true;
  pthread_join(t, nullptr);
#endif
  return 0;
}
