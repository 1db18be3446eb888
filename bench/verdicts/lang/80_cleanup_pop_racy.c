// A cancellation-safe critical section: pthread_cleanup_push(unlock),
// the update, pthread_cleanup_pop(1) runs the unlock. The racy variant
// updates after the pop.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long jobs;

static void unlock_mu(void *m) { pthread_mutex_unlock(m); }

static void *worker(void *p) {
  (void)p;
  pthread_mutex_lock(&mu);
  pthread_cleanup_push(unlock_mu, &mu);
#ifdef SAFE
  jobs++;
#endif
  pthread_cleanup_pop(1);
#ifndef SAFE
  jobs++;
#endif
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", jobs);
  return 0;
}
