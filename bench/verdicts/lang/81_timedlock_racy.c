// A timed lock: the update happens only if the lock was taken (race-free),
// or also when the wait timed out (racy).
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long done;

static void *worker(void *p) {
  (void)p;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += 1;
  int rc = pthread_mutex_timedlock(&mu, &ts);
#ifdef SAFE
  if (rc == 0) {
    done++;
    pthread_mutex_unlock(&mu);
  }
#else
  done++;
  if (rc == 0)
    pthread_mutex_unlock(&mu);
#endif
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_mutex_lock(&mu);
  struct timespec pause = {1, 200000000L};
  nanosleep(&pause, NULL);
  pthread_mutex_unlock(&mu);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", done);
  return 0;
}
