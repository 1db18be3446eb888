// EXPECTED: race at lines 12 x 16, 12 x 18, 12 x 12, 11 x 18 -- 12 publishes table, 16 checks it, 18 reads table and table[], 11 fills table[]
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define TN 64
static int *table;             /* lazily built; bug: no pthread_once, no lock */

static void init_table(void) {
  int *t = malloc(TN * sizeof *t);
  for (int i = 0; i < TN; i++)
    t[i] = i * i; /*RACE*/
  table = t; /*RACE*/
}

static int lookup(int k) {
  if (!table) /*RACE*/
    init_table();
  return table[k % TN]; /*RACE*/
}

static void *worker(void *arg) {
  long s = 0;
  (void)arg;
  for (int k = 0; k < 1000; k++) s += lookup(k);
  printf("%ld\n", s);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  free(table);
  return 0;
}
