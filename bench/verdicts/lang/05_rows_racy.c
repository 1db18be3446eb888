// Each thread smooths its own row of a grid; the racy variant also reads
// the next row, which another thread writes.
#include <pthread.h>
#include <stdio.h>

#define N 4
static double grid[N][N];

static void *row(void *p) {
  long r = (long)p;
  for (int c = 0; c < N; c++) {
#ifdef SAFE
    grid[r][c] = grid[r][c] * 0.5;
#else
    grid[r][c] = (grid[r][c] + grid[(r + 1) % N][c]) * 0.5;
#endif
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long r = 0; r < N; r++)
    pthread_create(&t[r], NULL, row, (void *)r);
  for (int r = 0; r < N; r++)
    pthread_join(t[r], NULL);
  printf("%f\n", grid[0][0]);
  return 0;
}
