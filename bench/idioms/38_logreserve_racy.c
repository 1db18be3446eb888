// EXPECTED: race at lines 10 x 12, 12 x 12, 13 x 13 -- the unlocked reservation reads (10) and writes (12) logpos; two writers then copy into overlapping regions (13)
#include <pthread.h>
#include <stdio.h>
#include <string.h>
static char logbuf[1 << 16];
static size_t logpos;

static void log_msg(const char *m) {
  size_t len = strlen(m);
  size_t off = logpos; // RACE-R: reservation without the lock
  if (off + len > sizeof logbuf) return;
  logpos = off + len; // RACE-W
  memcpy(logbuf + off, m, len);
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
