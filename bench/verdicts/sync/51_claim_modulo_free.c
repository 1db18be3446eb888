// Each worker takes an id from a shared counter and updates its own stats
// (race-free)
// slot.
#include <pthread.h>
#include <stdio.h>
#define N 4
static int next_id;
static long stats[N];
static void *worker(void *arg) {
  (void)arg;
#ifdef RACY
  int id = next_id++;
#else
  int id = __atomic_fetch_add(&next_id, 1, __ATOMIC_SEQ_CST);
#endif
  for (int i = 0; i < 100; i++)
    stats[id % N] += i;
  return NULL;
}
int main(void) {
  pthread_t t[N];
  for (int k = 0; k < N; k++)
    pthread_create(&t[k], NULL, worker, NULL);
  for (int k = 0; k < N; k++)
    pthread_join(t[k], NULL);
  printf("%ld\n", stats[0] + stats[1] + stats[2] + stats[3]);
  return 0;
}
