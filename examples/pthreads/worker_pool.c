// worker_pool.c: four copies of one worker, created in a loop. Each adds to
// 'total' under 'lock' but bumps 'calls' without it.
//
// Expected verdicts: data race on 'calls' (two instances of 'worker' race
// with each other); no race on 'total'.
#include <pthread.h>
#include <stdio.h>

#define NUM_WORKERS 4

long total;
long calls;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  long n = (long)arg;
  pthread_mutex_lock(&lock);
  total += n;
  pthread_mutex_unlock(&lock);
  calls++;
  return NULL;
}

int main(void) {
  pthread_t tids[NUM_WORKERS];
  for (long i = 0; i < NUM_WORKERS; ++i)
    pthread_create(&tids[i], NULL, worker, (void *)i);
  for (int i = 0; i < NUM_WORKERS; ++i)
    pthread_join(tids[i], NULL);
  printf("%ld %ld\n", total, calls);
  return 0;
}
