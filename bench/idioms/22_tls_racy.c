// EXPECTED: race at lines 14 x 14, 14 x 16 -- count++ in two workers; count++ x the read of count added to total
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 3
static long count;             /* bug: meant to be _Thread_local */
static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int i = 0; i < 1000; i++)
    if ((i + id) % 3 == 0)
      count++; /*RACE*/
  pthread_mutex_lock(&m);
  total += count; /*RACE*/
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  printf("%ld\n", total);
  return 0;
}
