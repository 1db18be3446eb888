// EXPECTED: race at lines 14 x 14
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long hits, total_misses;

static void *worker(void *arg) {
  (void)arg;
  for (int k = 0; k < 1000; k++) {
    if (pthread_mutex_trylock(&m) == 0) {
      hits++;
      pthread_mutex_unlock(&m);
    } else {
      total_misses++; /*RACE*/ /* bug: shared, lock not held on this path */
    }
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%ld %ld\n", hits, total_misses);
  return 0;
}
