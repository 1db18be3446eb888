#define SAFE 1
// Per-thread statistics in an array indexed by the thread's id (race-free);
// the racy variant folds ids onto fewer slots than threads.
#include <pthread.h>
#include <stdio.h>

#define N 4
struct stat { long hits; long misses; };
static struct stat stats[N];

static void *worker(void *p) {
  long id = (long)p;
#ifdef SAFE
  struct stat *s = &stats[id];
#else
  struct stat *s = &stats[id / 2];
#endif
  for (int i = 0; i < 10; i++) {
    if (i % 3)
      s->hits++;
    else
      s->misses++;
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  long h = 0;
  for (int i = 0; i < N; i++) {
    pthread_join(t[i], NULL);
    h += stats[i].hits;
  }
  printf("%ld\n", h);
  return 0;
}
