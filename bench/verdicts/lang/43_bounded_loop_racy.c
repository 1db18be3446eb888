// At most four workers, as many as asked for: both loops run while
// `i < n && i < 4`. The racy variant's join loop stops one short.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long part[4];

static void *work(void *p) {
  long i = (long)p;
  part[i] = i * i;
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  pthread_t t[4];
  for (int i = 0; i < n && i < 4; i++)
    pthread_create(&t[i], NULL, work, (void *)(long)i);
#ifdef SAFE
  for (int i = 0; i < n && i < 4; i++)
#else
  for (int i = 0; i < n && i < 3; i++)
#endif
    pthread_join(t[i], NULL);
  printf("%ld\n", part[0] + part[3]);
  return 0;
}
