// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define TN 64
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int *table;             /* built once by init_table */

static void init_table(void) {
  int *t = malloc(TN * sizeof *t);
  for (int i = 0; i < TN; i++)
    t[i] = i * i;
  table = t;
}

static int lookup(int k) {
  pthread_once(&once, init_table);
  return table[k % TN];
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
