// A worker leaves through a helper that calls pthread_exit; the write
// after the call never runs in the race-free variant.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int status;

static void finish(int code) {
  (void)code;
#ifdef SAFE
  pthread_exit(NULL);
#endif
}

static void *worker(void *p) {
  (void)p;
  finish(1);
  status = 2;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  status = 1;
  pthread_join(t, NULL);
  printf("%d\n", status);
  return 0;
}
