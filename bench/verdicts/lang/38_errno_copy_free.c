#define SAFE 1
// errno is per thread: each worker reads its own (race-free); the racy
// variant copies it into one shared last-error variable.
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int last_error;

static void *worker(void *p) {
  const char *s = p;
  errno = 0;
  long v = strtol(s, NULL, 10);
  int e = errno;
#ifndef SAFE
  last_error = e;
#endif
  printf("%ld %d\n", v, e);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, worker, "12");
  pthread_create(&t[1], NULL, worker, "99999999999999999999");
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", last_error);
  return 0;
}
