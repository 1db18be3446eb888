// EXPECTED: race at lines 15 x 17, 10 x 10, 10 x 19, 11 x 19 -- 15 x 17 on initialized, 10 x 10/19 on table, 11 x 19 on table[]
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define TN 64
static int initialized;            /* hand-rolled once: plain flag */
static int *table;

static void init_table(void) {
  table = malloc(TN * sizeof *table); /*RACE*/
  for (int i = 0; i < TN; i++) table[i] = i * i; /*RACE*/
}

static int lookup(int k) {
  if (!initialized) { /*RACE*/
    init_table();
    initialized = 1; /*RACE*/
  }
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
