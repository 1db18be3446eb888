// An atexit handler flushes a log buffer a logger thread fills: main joins
// the logger before returning (race-free) or detaches it (racy).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char logbuf[64];
static int loglen;

static void flush(void) { fwrite(logbuf, 1, loglen, stdout); }

static void *logger(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++)
    logbuf[loglen++ % 64] = 'x';
  return NULL;
}

int main(void) {
  atexit(flush);
  pthread_t t;
  pthread_create(&t, NULL, logger, NULL);
#ifndef SAFE
  pthread_detach(t);
#else
  pthread_join(t, NULL);
#endif
  return 0;
}
