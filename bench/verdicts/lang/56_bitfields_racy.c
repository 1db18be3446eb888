// Two bit-fields share one memory location: each thread sets its own
// field under its own mutex (racy: C11 5.1.2.4) or both under one mutex.
#include <pthread.h>
#include <stdio.h>

static struct {
  unsigned ready : 1;
  unsigned dirty : 1;
} flags;
static pthread_mutex_t ma = PTHREAD_MUTEX_INITIALIZER;
#ifdef SAFE
#define mb ma
#else
static pthread_mutex_t mb = PTHREAD_MUTEX_INITIALIZER;
#endif

static void *a(void *p) {
  (void)p;
  pthread_mutex_lock(&ma);
  flags.ready = 1;
  pthread_mutex_unlock(&ma);
  return NULL;
}

static void *b(void *p) {
  (void)p;
  pthread_mutex_lock(&mb);
  flags.dirty = 1;
  pthread_mutex_unlock(&mb);
  return NULL;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, a, NULL);
  pthread_create(&y, NULL, b, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%u %u\n", flags.ready, flags.dirty);
  return 0;
}
