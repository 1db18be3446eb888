// main takes a snapshot of a stats struct by assignment: after joining the
// writer (race-free) or while it may still write (racy).
#include <pthread.h>
#include <stdio.h>

struct stats { long in; long out; double avg; };
static struct stats live;

static void *writer(void *p) {
  (void)p;
  live.in = 10;
  live.avg = 2.5;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, writer, NULL);
#ifdef SAFE
  pthread_join(t, NULL);
  struct stats snap = live;
#else
  struct stats snap = live;
  pthread_join(t, NULL);
#endif
  printf("%ld %f\n", snap.in, snap.avg);
  return 0;
}
