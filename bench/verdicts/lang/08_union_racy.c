// A tagged union: the worker writes the integer view, main reads the
// float view of the same bytes before (racy) or after (race-free) join.
#include <pthread.h>
#include <stdio.h>

static union { int i; float f; } val;

static void *work(void *p) {
  (void)p;
  val.i = 42;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, work, NULL);
#ifndef SAFE
  printf("%f\n", val.f);
#endif
  pthread_join(t, NULL);
  printf("%f\n", val.f);
  return 0;
}
