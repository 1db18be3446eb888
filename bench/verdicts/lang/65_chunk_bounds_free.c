// Each thread fills its own chunk [k*C, (k+1)*C) of one array (race-free);
// the racy variant's bound is inclusive, so neighbours share an element.
#define SAFE 1
#include <pthread.h>
#include <stdio.h>

#define C 8
static int data[2 * C + 1];

static void *fill(void *p) {
  long k = (long)p;
#ifdef SAFE
  for (long i = k * C; i < (k + 1) * C; i++)
#else
  for (long i = k * C; i <= (k + 1) * C; i++)
#endif
    data[i] = (int)k;
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long k = 0; k < 2; k++)
    pthread_create(&t[k], NULL, fill, (void *)k);
  for (int k = 0; k < 2; k++)
    pthread_join(t[k], NULL);
  printf("%d\n", data[C]);
  return 0;
}
