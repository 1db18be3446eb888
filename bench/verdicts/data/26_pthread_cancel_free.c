// A worker ticks until it is cancelled (deferred cancellation).
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static long ticks;

static void *ticker(void *arg) {
  (void)arg;
  int old;
  pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old);
  for (;;) {
    ticks++;
    usleep(100); /* cancellation point */
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  void *res;
  pthread_create(&t, NULL, ticker, NULL);
  usleep(2000);
  pthread_cancel(t);
  pthread_join(t, &res);
  long seen = ticks; /* the worker has ended */
  printf("%ld %d\n", seen, res == PTHREAD_CANCELED);
  return 0;
}
