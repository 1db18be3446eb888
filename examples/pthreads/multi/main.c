// main.c: starts the server and the logger and waits for them. Expected
// verdict: nothing of its own (see stats.h, server.c).
#include "stats.h"
#include <stdio.h>

struct stats stats;
pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_t servers[4], loggers[2];
  start_servers(servers, 4);
  start_loggers(loggers, 2);
  for (int i = 0; i < 4; i++)
    pthread_join(servers[i], 0);
  for (int i = 0; i < 2; i++)
    pthread_join(loggers[i], 0);
  printf("%ld requests, %ld bytes\n", stats.requests, stats.bytes);
  return 0;
}
