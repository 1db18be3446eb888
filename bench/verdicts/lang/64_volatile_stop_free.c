// A stop flag polled by a worker: volatile is no synchronisation (racy);
// _Atomic is (race-free).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#ifdef SAFE
static _Atomic int stop;
#else
static volatile int stop;
#endif
static long spins;

static void *spinner(void *p) {
  (void)p;
  long n = 0;
  while (!stop)
    n++;
  return (void *)n;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, spinner, NULL);
  usleep(1000);
  stop = 1;
  void *r;
  pthread_join(t, &r);
  spins = (long)r;
  printf("%ld\n", spins > 0);
  return 0;
}
