// A worker that fails calls exit(); the atexit handler then reads the count
// another worker is still updating (racy), or the worker returns (race-free).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static long processed;
static void report(void) { printf("%ld\n", processed); }
static void *good(void *arg) {
  for (int i = 0; i < 1000; i++)
    processed++;
  return NULL;
}
static void *bad(void *arg) {
#ifndef SAFE
  exit(1);
#endif
  return NULL;
}
int main(void) {
  atexit(report);
  pthread_t a, b;
  pthread_create(&a, NULL, good, NULL);
  pthread_create(&b, NULL, bad, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
