// logger.c: log writers. Expected verdict: the race in stats_count()
// (stats.h) only.
#include "stats.h"

static void *write_log(void *arg) {
  stats_count(64);
  return 0;
}

void start_loggers(pthread_t *t, int n) {
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, write_log, 0);
}
