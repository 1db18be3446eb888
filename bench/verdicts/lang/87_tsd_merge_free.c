// Workers keep a per-thread count in thread-specific data; the key's
#define SAFE 1
// destructor merges it into a total when each worker ends: under a mutex
// (race-free) or not (racy).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_key_t key;
static long total; /* merged per-thread counts */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void merge(void *p) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  total += *(long *)p;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  free(p);
}

static void *worker(void *arg) {
  long *mine = calloc(1, sizeof *mine);
  pthread_setspecific(key, mine);
  for (int i = 0; i < 1000; i++)
    ++*mine;
  return NULL;
}

int main(void) {
  pthread_key_create(&key, merge);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", total);
  return 0;
}
