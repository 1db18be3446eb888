// Jacobi-style smoothing: each thread owns one cell; BUG: the barrier between
// reading the neighbours and writing the own cell is missing.
#include <pthread.h>
#include <stdio.h>

#define N 3
static double cell[N] = {1.0, 5.0, 9.0};
static double next_val[N];
static pthread_barrier_t bar;

static void *smooth(void *arg) {
  int id = (int)(long)arg;
  for (int round = 0; round < 4; round++) {
    double left = cell[(id + N - 1) % N];
    double right = cell[(id + 1) % N];
    next_val[id] = (left + cell[id] + right) / 3.0;
    cell[id] = next_val[id]; /* RACE: neighbours may still be reading */
    pthread_barrier_wait(&bar); /* all writes of cell[] are done */
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&bar, NULL, N);
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], NULL, smooth, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  pthread_barrier_destroy(&bar);
  printf("%f %f %f\n", cell[0], cell[1], cell[2]);
  return 0;
}
