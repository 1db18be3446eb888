// EXPECTED: race at lines 25 x 12, 25 x 13, 25 x 14 -- the unlocked struct copy snap = shared reads hits, misses and bytes, written under m
#include <pthread.h>
#include <stdio.h>
struct stats { long hits; long misses; long bytes; };
static struct stats shared;           /* guarded by m */
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *updater(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&m);
    if (i % 4) shared.hits++; /*RACE*/
    else shared.misses++; /*RACE*/
    shared.bytes += 64; /*RACE*/
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

static void *reporter(void *arg) {
  (void)arg;
  long seen = 0;
  for (int i = 0; i < 100; i++) {
    struct stats snap;
    snap = shared; /*RACE*/ /* bug: "just a copy", taken without m */
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
