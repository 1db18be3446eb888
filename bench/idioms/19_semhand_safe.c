// EXPECTED: no race
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#define N 16
static sem_t full, done;
static int buf[N];

static void *worker(void *arg) {
  long s = 0;
  (void)arg;
  for (int r = 0; r < 2; r++) {
    sem_wait(&full);
    for (int i = 0; i < N; i++)
      s += buf[i];
    sem_post(&done);
  }
  printf("%ld\n", s);
  return NULL;
}

int main(void) {
  pthread_t t;
  sem_init(&full, 0, 0);
  sem_init(&done, 0, 0);
  pthread_create(&t, NULL, worker, NULL);
  for (int i = 0; i < N; i++)
    buf[i] = i;
  sem_post(&full);
  sem_wait(&done);     /* the worker has finished reading */
  for (int i = 0; i < N; i++)
    buf[i] = 2 * i;
  sem_post(&full);
  sem_wait(&done);
  pthread_join(t, NULL);
  sem_destroy(&full);
  sem_destroy(&done);
  return 0;
}
