#define SAFE 1
// Workers claim distinct slots with an atomic ticket (race-free), or with a
// plain increment that two workers may read alike (racy).
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 4
static int slots[N];
#ifdef SAFE
static atomic_int next;
#else
static int next;
#endif

static void *worker(void *p) {
#ifdef SAFE
  int k = atomic_fetch_add(&next, 1);
#else
  int k = next++;
#endif
  if (k < N)
    slots[k] = (int)(long)p;
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", slots[0]);
  return 0;
}
