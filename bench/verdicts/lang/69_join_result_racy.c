// main reads the statistics a thread hands back through pthread_join while
// another thread still updates them (racy), or after joining both.
#include <pthread.h>
#include <stdio.h>

struct stats {
  long n;
};
static struct stats s;

static void *getter(void *p) {
  (void)p;
  return &s;
}

static void *writer(void *p) {
  (void)p;
  s.n++;
  return NULL;
}

int main(void) {
  pthread_t g, w;
  void *r;
  pthread_create(&g, NULL, getter, NULL);
  pthread_create(&w, NULL, writer, NULL);
  pthread_join(g, &r);
#ifdef SAFE
  pthread_join(w, NULL);
#endif
  long v = ((struct stats *)r)->n;
#ifndef SAFE
  pthread_join(w, NULL);
#endif
  printf("%ld\n", v);
  return 0;
}
