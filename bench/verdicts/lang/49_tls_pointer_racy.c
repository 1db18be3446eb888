// Each thread counts into its own thread-local counter (race-free); in the
// racy variant the thread-local is a pointer every thread aims at one
// shared counter.
#include <pthread.h>
#include <stdio.h>

static int shared;
#ifdef SAFE
static __thread int mine;
#define COUNT mine
#else
static __thread int *mine = &shared;
#define COUNT (*mine)
#endif

static void *worker(void *p) {
  (void)p;
  for (int i = 0; i < 10; i++)
    COUNT++;
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", shared);
  return 0;
}
