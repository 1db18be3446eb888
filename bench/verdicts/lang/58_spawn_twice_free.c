// A helper starts a logger thread; it is called once (race-free) or twice
// (racy: two loggers bump one unguarded sequence number).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>

static unsigned long seq;

static void *logger(void *p) {
  (void)p;
  seq++;
  return NULL;
}

static pthread_t spawn(void) {
  pthread_t t;
  pthread_create(&t, NULL, logger, NULL);
  return t;
}

int main(void) {
  pthread_t a = spawn();
#ifndef SAFE
  pthread_t b = spawn();
  pthread_join(b, NULL);
#endif
  pthread_join(a, NULL);
  printf("%lu\n", seq);
  return 0;
}
