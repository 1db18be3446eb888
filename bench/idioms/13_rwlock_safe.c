// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define TN 16
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int table[TN];
static long lookups;

static void *reader(void *arg) {
  (void)arg;
  long s = 0;
  for (int k = 0; k < 1000; k++) {
    pthread_rwlock_rdlock(&rw);
    s += table[k % TN];
    pthread_rwlock_unlock(&rw);
    __atomic_fetch_add(&lookups, 1, __ATOMIC_RELAXED);
  }
  printf("%ld\n", s);
  return NULL;
}

static void *writer(void *arg) {
  (void)arg;
  for (int k = 0; k < 100; k++) {
    pthread_rwlock_wrlock(&rw);
    table[k % TN] += k;
    pthread_rwlock_unlock(&rw);
  }
  return NULL;
}

int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], NULL, reader, NULL);
  pthread_create(&t[1], NULL, reader, NULL);
  pthread_create(&t[2], NULL, writer, NULL);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  printf("%ld\n", lookups);
  return 0;
}
