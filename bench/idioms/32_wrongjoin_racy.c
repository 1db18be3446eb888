// EXPECTED: race at lines 12 x 20 -- t[1] writes result[1]; sum_results() reads it, main having joined only t[0]
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 2
static long result[NT];               /* result[i] is written by t[i] */

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  long acc = 0;
  for (int i = 0; i < 100; i++) acc += i * (id + 1);
  result[id] = acc; /*RACE*/
  return NULL;
}

/* Reads every slot: valid only once every worker has been joined. */
static long sum_results(void) {
  long s = 0;
  for (int i = 0; i < NT; i++)
    s += result[i]; /*RACE*/
  return s;
}

int main(void) {
  pthread_t t[NT];
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  pthread_join(t[0], NULL);           /* bug: t[1] is never joined */
  printf("%ld\n", sum_results());
  return 0;
}
