// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int stop;
static long work;

static void *poller(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&m);
    int s = stop;
    if (!s) work++;
    pthread_mutex_unlock(&m);
    if (s) break;
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, poller, NULL);
  pthread_mutex_lock(&m);
  stop = 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  printf("%ld\n", work);
  return 0;
}
