// A timestamp from clock_gettime; tv_nsec is always in [0, 1e9).
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static long last_stamp;

static void *stamper(void *arg) {
  last_stamp = (long)arg;
  return NULL;
}

int main(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  pthread_t a, b;
  pthread_create(&a, NULL, stamper, (void *)1L);
  int carry = ts.tv_nsec < 1000000000L; /* a non-normalised value needs a fix-up thread */
  if (carry)
    pthread_create(&b, NULL, stamper, (void *)2L);
  pthread_join(a, NULL);
  if (carry)
    pthread_join(b, NULL);
  printf("%ld\n", last_stamp);
  return 0;
}
