// Worker count parsed with sscanf from a constant config line.
#include <pthread.h>
#include <stdio.h>

static long processed;

static void *worker(void *arg) {
  (void)arg;
  processed += 10; /* unlocked: fine only with a single worker */
  return NULL;
}

int main(void) {
  int nthreads = 1; /* default before parsing */
  const char *cfg = "threads=2";
  if (sscanf(cfg, "threads=%d", &nthreads) != 1)
    return 1;
  if (nthreads < 1 || nthreads > 4)
    return 1;
  pthread_t t[4];
  for (int i = 0; i < nthreads; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < nthreads; i++)
    pthread_join(t[i], NULL);
  printf("processed %ld\n", processed);
  return 0;
}
