// Locking only when threaded: `if (threaded) lock`. The flag is set
// before any thread starts (race-free) or handed per thread, and one
// thread is told it runs alone (racy).
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int threaded;
static long total;

static void add(long n, int locked) {
  if (locked)
    pthread_mutex_lock(&mu);
  total += n;
  if (locked)
    pthread_mutex_unlock(&mu);
}

static void *worker(void *p) {
#ifdef SAFE
  (void)p;
  add(1, threaded);
#else
  add(1, p != NULL);
#endif
  return NULL;
}

int main(void) {
  pthread_t x, y;
  threaded = 1;
  pthread_create(&x, NULL, worker, &threaded);
  pthread_create(&y, NULL, worker, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%ld\n", total);
  return 0;
}
