// Two phases split by a barrier: each thread writes its cell, then reads
// its neighbour's after the barrier (race-free) or before it (racy).
#include <pthread.h>
#include <stdio.h>

#define N 2
static pthread_barrier_t bar;
static int cell[N];
static int seen[N];

static void *worker(void *p) {
  long i = (long)p;
  cell[i] = (int)i + 1;
#ifndef SAFE
  seen[i] = cell[(i + 1) % N];
#endif
  pthread_barrier_wait(&bar);
#ifdef SAFE
  seen[i] = cell[(i + 1) % N];
#endif
  return NULL;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&bar, NULL, N);
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  printf("%d %d\n", seen[0], seen[1]);
  return 0;
}
