// A worker tries the lock and, if busy, retries (race-free); the racy
// variant falls back to updating without it.
#include <pthread.h>
#include <stdio.h>
#include <sched.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long hits;

static void *worker(void *p) {
  (void)p;
  for (int i = 0; i < 100; i++) {
#ifdef SAFE
    while (pthread_mutex_trylock(&mu) != 0)
      sched_yield();
    hits++;
    pthread_mutex_unlock(&mu);
#else
    if (pthread_mutex_trylock(&mu) == 0) {
      hits++;
      pthread_mutex_unlock(&mu);
    } else {
      hits++;
    }
#endif
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", hits);
  return 0;
}
