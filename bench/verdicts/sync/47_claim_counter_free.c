// Workers claim items by an atomic counter and write each result slot once.
// (race-free)
#include <pthread.h>
#include <stdio.h>
#define N 64
static long results[N];
static int next_item;
static void *worker(void *arg) {
  (void)arg;
  for (;;) {
#ifdef RACY
    int i = next_item++;
#else
    int i = __atomic_fetch_add(&next_item, 1, __ATOMIC_RELAXED);
#endif
    if (i >= N)
      break;
    results[i] = (long)i * i;
  }
  return NULL;
}
int main(void) {
  pthread_t t[3];
  for (int k = 0; k < 3; k++)
    pthread_create(&t[k], NULL, worker, NULL);
  for (int k = 0; k < 3; k++)
    pthread_join(t[k], NULL);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += results[i];
  printf("%ld\n", s);
  return 0;
}
