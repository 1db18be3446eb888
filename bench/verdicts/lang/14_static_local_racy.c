// A helper counts its calls in a static local; threads call it under a
// lock (race-free) or without (racy).
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static int next_id(void) {
  static int counter;
  return ++counter;
}

static void *worker(void *p) {
  int *out = p;
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  *out = next_id();
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  return NULL;
}

int main(void) {
  pthread_t t[2];
  int ids[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d %d\n", ids[0], ids[1]);
  return 0;
}
