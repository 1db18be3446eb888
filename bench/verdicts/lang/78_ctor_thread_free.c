// A library starts its flusher thread from a constructor, before main
// runs; main then configures the interval the flusher reads, under the
// lock (race-free) or not (racy).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int interval = 10;
static pthread_t flusher;

static void *flush_loop(void *p) {
  (void)p;
  int seen;
  pthread_mutex_lock(&mu);
  seen = interval;
  pthread_mutex_unlock(&mu);
  return (void *)(long)seen;
}

__attribute__((constructor)) static void start_flusher(void) {
  pthread_create(&flusher, NULL, flush_loop, NULL);
}

int main(void) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  interval = 5;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  void *r;
  pthread_join(flusher, &r);
  printf("%ld\n", (long)r);
  return 0;
}
