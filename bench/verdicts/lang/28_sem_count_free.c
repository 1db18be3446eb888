#define SAFE 1
// main waits for each worker's sem_post before summing their results
// (race-free); the racy variant waits for one post too few.
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define N 3
static sem_t done;
static long part[N];

static void *worker(void *p) {
  long i = (long)p;
  part[i] = i * i;
  sem_post(&done);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  sem_init(&done, 0, 0);
  for (long i = 0; i < N; i++) {
    pthread_create(&t[i], NULL, worker, (void *)i);
    pthread_detach(t[i]);
  }
#ifdef SAFE
  for (int i = 0; i < N; i++)
#else
  for (int i = 0; i < N - 1; i++)
#endif
    sem_wait(&done);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += part[i];
  printf("%ld\n", sum);
  return 0;
}
