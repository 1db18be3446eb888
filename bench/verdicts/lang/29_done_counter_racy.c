// main spins until every worker has bumped an atomic done count, then reads
// their results: release/acquire (race-free), or relaxed (racy: nothing is
// published).
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 2
static atomic_int done;
static int result[N];

static void *worker(void *p) {
  long i = (long)p;
  result[i] = (int)i + 10;
#ifdef SAFE
  atomic_fetch_add_explicit(&done, 1, memory_order_release);
#else
  atomic_fetch_add_explicit(&done, 1, memory_order_relaxed);
#endif
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
#ifdef SAFE
  while (atomic_load_explicit(&done, memory_order_acquire) != N)
#else
  while (atomic_load_explicit(&done, memory_order_relaxed) != N)
#endif
    ;
  printf("%d %d\n", result[0], result[1]);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  return 0;
}
