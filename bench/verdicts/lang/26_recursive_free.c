#define SAFE 1
// A recursive walk counts visited nodes in a global, under a lock taken
// per visit (race-free) or not (racy).
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long visited;

static void walk(int depth) {
  if (depth == 0)
    return;
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  visited++;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  walk(depth - 1);
  walk(depth - 1);
}

static void *worker(void *p) {
  (void)p;
  walk(3);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", visited);
  return 0;
}
