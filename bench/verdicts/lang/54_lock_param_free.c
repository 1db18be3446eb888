// A helper takes the mutex and the counter it guards as parameters; the
// racy variant hands two threads two different mutexes for one counter.
#define SAFE 1
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
static long hits;

static void bump(pthread_mutex_t *m, long *c) {
  pthread_mutex_lock(m);
  ++*c;
  pthread_mutex_unlock(m);
}

static void *one(void *p) {
  (void)p;
  bump(&m1, &hits);
  return NULL;
}

static void *two(void *p) {
  (void)p;
#ifdef SAFE
  bump(&m1, &hits);
#else
  bump(&m2, &hits);
#endif
  return NULL;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, one, NULL);
  pthread_create(&y, NULL, two, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%ld\n", hits);
  return 0;
}
