// Threads sort their own arrays; the comparator counts comparisons in a
// global (racy) or in the array's own context through qsort_r (race-free).
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct part { int v[8]; long cmps; };
static long cmps;

#ifdef SAFE
static int cmp(const void *a, const void *b, void *ctx) {
  ((struct part *)ctx)->cmps++;
  return *(const int *)a - *(const int *)b;
}
#else
static int cmp(const void *a, const void *b) {
  cmps++;
  return *(const int *)a - *(const int *)b;
}
#endif

static void *sorter(void *p) {
  struct part *pt = p;
#ifdef SAFE
  qsort_r(pt->v, 8, sizeof(int), cmp, pt);
#else
  qsort(pt->v, 8, sizeof(int), cmp);
#endif
  return NULL;
}

int main(void) {
  static struct part parts[2];
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, sorter, &parts[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld %ld %ld\n", cmps, parts[0].cmps, parts[1].cmps);
  return 0;
}
