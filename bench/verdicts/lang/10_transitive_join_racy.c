// A grandchild writes a result; its parent joins it; main joins the parent
// and reads the result (race-free), or reads it before that join (racy).
#include <pthread.h>
#include <stdio.h>

static long result;

static void *grandchild(void *p) {
  (void)p;
  result = 42;
  return NULL;
}

static void *child(void *p) {
  pthread_t g;
  (void)p;
  pthread_create(&g, NULL, grandchild, NULL);
  pthread_join(g, NULL);
  return NULL;
}

int main(void) {
  pthread_t c;
  pthread_create(&c, NULL, child, NULL);
#ifndef SAFE
  printf("%ld\n", result);
#endif
  pthread_join(c, NULL);
  printf("%ld\n", result);
  return 0;
}
