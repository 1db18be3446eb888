// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <string.h>
static char logbuf[1 << 16];
static size_t logpos;
static pthread_mutex_t logmu = PTHREAD_MUTEX_INITIALIZER;

static void log_msg(const char *m) {
  size_t len = strlen(m);
  pthread_mutex_lock(&logmu);
  size_t off = logpos;
  if (off + len > sizeof logbuf) { pthread_mutex_unlock(&logmu); return; }
  logpos = off + len;
  pthread_mutex_unlock(&logmu);
  memcpy(logbuf + off, m, len); /* disjoint reserved region: no lock needed */
}

static void *worker(void *arg) {
  char line[64];
  for (int i = 0; i < 200; i++) {
    snprintf(line, sizeof line, "[w%ld] step %d\n", (long)arg, i);
    log_msg(line);
  }
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  fwrite(logbuf, 1, logpos, stdout);
  return 0;
}
