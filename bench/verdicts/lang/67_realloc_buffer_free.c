// A growing buffer: the appender reallocates it under the lock; the
// reader must read the pointer under the lock too (racy: it does not).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int *buf;
static size_t len, cap;

static void *appender(void *p) {
  (void)p;
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&mu);
    if (len == cap) {
      cap = cap ? 2 * cap : 4;
      buf = realloc(buf, cap * sizeof *buf);
    }
    buf[len++] = i;
    pthread_mutex_unlock(&mu);
  }
  return NULL;
}

static void *reader(void *p) {
  (void)p;
  int first = -1;
#ifdef SAFE
  pthread_mutex_lock(&mu);
  if (len)
    first = buf[0];
  pthread_mutex_unlock(&mu);
#else
  int *b = buf;
  pthread_mutex_lock(&mu);
  if (len)
    first = b[0];
  pthread_mutex_unlock(&mu);
#endif
  return (void *)(long)first;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, appender, NULL);
  pthread_create(&y, NULL, reader, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%zu\n", len);
  free(buf);
  return 0;
}
