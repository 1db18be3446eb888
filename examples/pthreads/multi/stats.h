// stats.h: request statistics shared by the server and the logger.
//
// Expected verdicts (the whole program, and each file on its own): data
// race on 'stats' (its member requests) in stats_count(), seen from
// server.c and logger.c alike; a merged SARIF log keeps it once.
#ifndef STATS_H
#define STATS_H

#include <pthread.h>

struct stats {
  long requests;
  long bytes;
};
extern struct stats stats;
extern pthread_mutex_t stats_lock;

// Counts a request. The byte total is locked; the request count is not.
static inline void stats_count(long n) {
  pthread_mutex_lock(&stats_lock);
  stats.bytes += n;
  pthread_mutex_unlock(&stats_lock);
  stats.requests++;
}

void start_servers(pthread_t *t, int n);
void start_loggers(pthread_t *t, int n);

#endif
