#define SAFE 1
// A detached worker reports through a mutex-guarded flag and a condition
// variable; main waits for the flag before reading the result (race-free)
// or reads it as soon as the thread is started (racy).
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int finished;
static double result;

static void *worker(void *p) {
  (void)p;
  result = 6.25;
  pthread_mutex_lock(&mu);
  finished = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&mu);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_create(&t, &attr, worker, NULL);
#ifndef SAFE
  printf("%f\n", result);
#endif
  pthread_mutex_lock(&mu);
  while (!finished)
    pthread_cond_wait(&cv, &mu);
  pthread_mutex_unlock(&mu);
  printf("%f\n", result);
  return 0;
}
