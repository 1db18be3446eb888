// Detached workers post a semaphore when done; main waits once per worker
// (race-free)
// before reading their results.
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#define N 3
static sem_t done;
static long out[N];
static void *worker(void *arg) {
  long k = (long)arg;
  out[k] = k * 10;
  sem_post(&done);
  return NULL;
}
int main(void) {
  sem_init(&done, 0, 0);
  for (long k = 0; k < N; k++) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)k);
    pthread_detach(t);
  }
#ifdef RACY
  for (int k = 0; k < N - 1; k++)
#else
  for (int k = 0; k < N; k++)
#endif
    sem_wait(&done);
  printf("%ld\n", out[0] + out[1] + out[2]);
  return 0;
}
