// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 4
static long results[NT];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int i = 0; i < 1000; i++)
    results[id] += i % (id + 2);      /* own slot only */
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  long total = 0;
  for (int i = 0; i < NT; i++) {
    pthread_join(t[i], NULL);
    total += results[i];              /* slot i read after its thread joined */
  }
  printf("%ld\n", total);
  return 0;
}
