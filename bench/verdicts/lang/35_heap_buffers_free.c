#define SAFE 1
// main allocates one buffer per worker and hands each its own (race-free);
// the racy variant hands the first buffer to every worker.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 3
struct task { char *buf; int len; };

static void *fill(void *p) {
  struct task *t = p;
  for (int i = 0; i < t->len; i++)
    t->buf[i] = 'a' + i;
  return NULL;
}

int main(void) {
  pthread_t th[N];
  struct task tasks[N];
  char *bufs[N];
  for (int i = 0; i < N; i++)
    bufs[i] = malloc(8);
  for (int i = 0; i < N; i++) {
#ifdef SAFE
    tasks[i].buf = bufs[i];
#else
    tasks[i].buf = bufs[0];
#endif
    tasks[i].len = 8;
    pthread_create(&th[i], NULL, fill, &tasks[i]);
  }
  for (int i = 0; i < N; i++)
    pthread_join(th[i], NULL);
  printf("%c\n", bufs[0][1]);
  for (int i = 0; i < N; i++)
    free(bufs[i]);
  return 0;
}
