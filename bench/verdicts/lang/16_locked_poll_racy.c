// The worker polls a ready flag under the lock, then uses the data main
// wrote before setting the flag (race-free); the racy variant writes the
// data after setting it.
#include <pthread.h>
#include <stdio.h>
#include <sched.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int ready;
static double data;

static void *worker(void *p) {
  (void)p;
  for (;;) {
    pthread_mutex_lock(&mu);
    int r = ready;
    pthread_mutex_unlock(&mu);
    if (r)
      break;
    sched_yield();
  }
  printf("%f\n", data);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
#ifdef SAFE
  data = 3.5;
#endif
  pthread_mutex_lock(&mu);
  ready = 1;
  pthread_mutex_unlock(&mu);
#ifndef SAFE
  data = 3.5;
#endif
  pthread_join(t, NULL);
  return 0;
}
