// b.c: starts two workers; races on 'b_total' and on 'hits' (util.h).
#include "util.h"

long b_total;

static void *b_worker(void *arg) {
  count_hit();
  b_total++;
  return 0;
}

void start_b(pthread_t *t) {
  pthread_create(&t[0], 0, b_worker, 0);
  pthread_create(&t[1], 0, b_worker, 0);
}
