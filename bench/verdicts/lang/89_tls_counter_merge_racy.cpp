// Per-thread counters in a thread_local object, merged into a total by
// its destructor when each worker ends: under a mutex (race-free) or not
// (racy).
#include <pthread.h>
#include <cstdio>

static long total;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

struct Counter {
  long n = 0;
  ~Counter() {
#ifdef SAFE
    pthread_mutex_lock(&mu);
#endif
    total += n;
#ifdef SAFE
    pthread_mutex_unlock(&mu);
#endif
  }
};

static thread_local Counter counter;

static void *worker(void *) {
  for (int i = 0; i < 1000; i++)
    counter.n++;
  return nullptr;
}

int main() {
  pthread_t t[4];
  for (auto &x : t)
    pthread_create(&x, nullptr, worker, nullptr);
  for (auto &x : t)
    pthread_join(x, nullptr);
  std::printf("%ld\n", total);
}
