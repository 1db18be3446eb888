// A helper documents "caller holds mu"; one caller forgets (racy) or takes
// it (race-free).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int queue_len;

static void push_locked(void) { queue_len++; }

static void *producer(void *p) {
  (void)p;
  pthread_mutex_lock(&mu);
  push_locked();
  pthread_mutex_unlock(&mu);
  return NULL;
}

static void *hasty(void *p) {
  (void)p;
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  push_locked();
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  return NULL;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, producer, NULL);
  pthread_create(&y, NULL, hasty, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%d\n", queue_len);
  return 0;
}
