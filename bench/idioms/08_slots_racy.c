// EXPECTED: race at lines 11 x 11
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 4
static long total;

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int i = 0; i < 1000; i++)
    total += i % (id + 2); /*RACE*/ /* bug: shared counter, no lock */
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  printf("%ld\n", total);
  return 0;
}
