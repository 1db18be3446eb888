// EXPECTED: race at lines 20 x 11 -- 20 write (main), 11 read (worker)
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define NT 3
struct targ { int id; int lo, hi; };

static void *worker(void *p) {
  struct targ *a = p;
  long s = 0;
  for (int i = a->lo; i < a->hi; i++) s += i * (a->id + 1); /*RACE*/
  printf("%ld\n", s);
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  struct targ shared;                      /* bug: one struct for all */
  for (int i = 0; i < NT; i++) {
    shared.id = i; shared.lo = i * 100; shared.hi = shared.lo + 100; /*RACE*/
    pthread_create(&t[i], NULL, worker, &shared);
  }
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  return 0;
}
