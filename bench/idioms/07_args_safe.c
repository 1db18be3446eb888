// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define NT 3
struct targ { int id; int lo, hi; long sum; };

static void *worker(void *p) {
  struct targ *a = p;
  long s = 0;
  for (int i = a->lo; i < a->hi; i++) s += i * (a->id + 1);
  a->sum = s;
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  struct targ *args[NT];
  for (int i = 0; i < NT; i++) {
    struct targ *a = malloc(sizeof *a);   /* one struct per thread */
    a->id = i; a->lo = i * 100; a->hi = a->lo + 100; a->sum = 0;
    args[i] = a;
    pthread_create(&t[i], NULL, worker, a);
  }
  long total = 0;
  for (int i = 0; i < NT; i++) {
    pthread_join(t[i], NULL);
    total += args[i]->sum;
    free(args[i]);
  }
  printf("%ld\n", total);
  return 0;
}
