// EXPECTED: race at lines 11 x 23 -- 11 read, 23 write
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int stop;
static long work;

static void *poller(void *arg) {
  (void)arg;
  for (;;) {
    if (stop) break; /*RACE*/ /* bug: read without the lock */
    pthread_mutex_lock(&m);
    work++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, poller, NULL);
  pthread_mutex_lock(&m);
  stop = 1; /*RACE*/
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  printf("%ld\n", work);
  return 0;
}
