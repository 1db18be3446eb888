#define SAFE 1
// Thread ids in a heap array sized at run time, freed after the join loop;
// each worker writes its own slot. The racy variant reads a slot before
// the join loop.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long slots[64];

static void *work(void *p) {
  long i = (long)p;
  slots[i] = i + 1;
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n < 1 || n > 64)
    n = 4;
  pthread_t *tids = malloc(n * sizeof *tids);
  if (!tids)
    return 1;
  for (long i = 0; i < n; i++)
    pthread_create(&tids[i], NULL, work, (void *)i);
#ifndef SAFE
  printf("%ld\n", slots[0]);
#endif
  for (long i = 0; i < n; i++)
    pthread_join(tids[i], NULL);
  free(tids);
  printf("%ld\n", slots[0] + slots[n - 1]);
  return 0;
}
