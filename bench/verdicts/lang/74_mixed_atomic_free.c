// Workers count with __atomic_fetch_add; the reporter reads the count with
// __atomic_load (race-free) or a plain read (racy: a plain read of a
// location others write atomically is a data race).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>

static long count;

static void *worker(void *p) {
  (void)p;
  for (int i = 0; i < 100; i++)
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
  return NULL;
}

static void *reporter(void *p) {
  (void)p;
#ifdef SAFE
  long seen = __atomic_load_n(&count, __ATOMIC_RELAXED);
#else
  long seen = count;
#endif
  return (void *)seen;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, NULL, worker, NULL);
  pthread_create(&r, NULL, reporter, NULL);
  void *seen;
  pthread_join(w, NULL);
  pthread_join(r, &seen);
  printf("%ld %d\n", count, seen != NULL);
  return 0;
}
