// A constant priority list sorted with qsort; the smallest decides the
// number of workers.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int done_jobs;

static int cmp(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

static void *job(void *arg) {
  (void)arg;
  done_jobs++;
  return NULL;
}

int main(void) {
  int prio[3] = {3, 1, 2};
  qsort(prio, 3, sizeof prio[0], cmp);
  int workers = prio[0] >= 2 ? 2 : 1;
  pthread_t t[2];
  for (int i = 0; i < workers; i++)
    pthread_create(&t[i], NULL, job, NULL);
  for (int i = 0; i < workers; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", done_jobs);
  return 0;
}
