// A helper returns a small struct by value holding a pointer to the shared
// slot to update; both threads get one slot each (race-free) or the same
// slot (racy).
#include <pthread.h>
#include <stdio.h>

struct target {
  long *slot;
  long step;
  long pad[4];
};
static long slots[2];

static struct target pick(int who) {
#ifdef SAFE
  struct target t = {&slots[0], 1, {0}};
  if (who)
    t.slot = &slots[1];
#else
  struct target t = {&slots[0], 1, {0}};
  (void)who;
#endif
  return t;
}

static void *worker(void *p) {
  struct target t = pick(p != NULL);
  *t.slot += t.step;
  return NULL;
}

int main(void) {
  pthread_t x, y;
  static int one;
  pthread_create(&x, NULL, worker, NULL);
  pthread_create(&y, NULL, worker, &one);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%ld %ld\n", slots[0], slots[1]);
  return 0;
}
