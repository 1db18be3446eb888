// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 4

/* Each worker gets &ids[i], written before the create and never after. */
static void *worker(void *arg) {
  int id = *(int *)arg;
  long s = 0;
  for (int k = 0; k < 100; k++) s += k * (id + 1);
  return (void *)(intptr_t)s;
}

int main(void) {
  pthread_t t[NT];
  int ids[NT];
  long total = 0;
  for (int i = 0; i < NT; i++) ids[i] = i;
  for (int i = 0; i < NT; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
  for (int j = 0; j < NT; j++) {
    void *r;
    pthread_join(t[j], &r);
    total += (long)(intptr_t)r;
  }
  printf("%ld\n", total);
  return 0;
}
