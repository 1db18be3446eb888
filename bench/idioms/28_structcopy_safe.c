// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
struct stats { long hits; long misses; long bytes; };
static struct stats shared;           /* guarded by m */
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *updater(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&m);
    if (i % 4) shared.hits++;
    else shared.misses++;
    shared.bytes += 64;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

static void *reporter(void *arg) {
  (void)arg;
  long seen = 0;
  for (int i = 0; i < 100; i++) {
    struct stats snap;
    pthread_mutex_lock(&m);
    snap = shared;                    /* a consistent snapshot under m */
    pthread_mutex_unlock(&m);
    seen += snap.hits + snap.misses - snap.bytes / 64;
  }
  printf("drift %ld\n", seen);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, updater, NULL);
  pthread_create(&t[1], NULL, reporter, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%ld %ld %ld\n", shared.hits, shared.misses, shared.bytes);
  return 0;
}
