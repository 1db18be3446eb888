// a.c: starts two workers; races on 'a_total' and on 'hits' (util.h).
#include "util.h"

long a_total;

static void *a_worker(void *arg) {
  a_total += 2;
  count_hit();
  return 0;
}

void start_a(pthread_t *t) {
  pthread_create(&t[0], 0, a_worker, 0);
  pthread_create(&t[1], 0, a_worker, 0);
}
