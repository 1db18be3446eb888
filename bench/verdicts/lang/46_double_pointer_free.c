#define SAFE 1
// A worker writes through a pointer to a pointer that main set up to name
// a global; main writes the global itself after the join (race-free) or
// before it (racy).
#include <pthread.h>
#include <stdio.h>

static int target;
static int *slot;
static int **pp = &slot;

static void *worker(void *p) {
  (void)p;
  **pp = 5;
  return NULL;
}

int main(void) {
  pthread_t t;
  slot = &target;
  pthread_create(&t, NULL, worker, NULL);
#ifndef SAFE
  target = 6;
#endif
  pthread_join(t, NULL);
  target += 1;
  printf("%d\n", target);
  return 0;
}
