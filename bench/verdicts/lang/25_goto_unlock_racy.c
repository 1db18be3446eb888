// Error paths leave through a label that unlocks; the racy variant jumps
// past the lock on its fast path and still updates the count.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int count;

static int record(int v) {
  int rc = -1;
#ifndef SAFE
  if (v > 1)
    goto fast;
#endif
  pthread_mutex_lock(&mu);
  if (v < 0)
    goto out;
#ifndef SAFE
fast:
#endif
  count += v;
  rc = 0;
out:
#ifndef SAFE
  if (v <= 1)
#endif
    pthread_mutex_unlock(&mu);
  return rc;
}

static void *worker(void *p) {
  record((int)(long)p);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", count);
  return 0;
}
