// server.c: request handlers. Expected verdict: the race in stats_count()
// (stats.h), and one on 'served', which only handlers touch.
#include "stats.h"

static long served;

static void *handle(void *arg) {
  stats_count(512);
  served++;
  return 0;
}

void start_servers(pthread_t *t, int n) {
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, handle, 0);
}
