#define SAFE 1
// A pool keeps each worker's thread id in its record beside its result;
// main sums the results after joining every record's id (race-free) or
// sums the first before the join loop (racy).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker { pthread_t tid; int id; long sum; };

static void *work(void *p) {
  struct worker *w = p;
  w->sum = w->id * 2L;
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n < 1 || n > 8)
    n = 4;
  struct worker ws[8];
  for (int i = 0; i < n; i++) {
    ws[i].id = i;
    pthread_create(&ws[i].tid, NULL, work, &ws[i]);
  }
#ifndef SAFE
  printf("%ld\n", ws[0].sum);
#endif
  for (int i = 0; i < n; i++)
    pthread_join(ws[i].tid, NULL);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += ws[i].sum;
  printf("%ld\n", total);
  return 0;
}
