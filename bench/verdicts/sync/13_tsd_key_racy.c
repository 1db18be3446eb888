// Per-thread scratch buffers through pthread_key_create: BUG: every
// thread registers the same static buffer and formats into it.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_key_t scratch_key;
static char shared_buf[64];

static char *scratch(void) {
  char *b = pthread_getspecific(scratch_key);
  if (!b) {
    b = shared_buf; /* BUG: every thread's key points at one buffer */
    pthread_setspecific(scratch_key, b);
  }
  return b;
}

static void *fmt_worker(void *arg) {
  int id = (int)(long)arg;
  long len = 0;
  for (int i = 0; i < 20; i++) {
    char *b = scratch();
    snprintf(b, 64, "worker %d item %d", id, i); /* RACE */
    len += (long)strlen(b);
  }
  return (void *)len;
}

int main(void) {
  pthread_t a, b;
  pthread_key_create(&scratch_key, NULL);
  pthread_create(&a, NULL, fmt_worker, (void *)1L);
  pthread_create(&b, NULL, fmt_worker, (void *)2L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_key_delete(scratch_key);
  return 0;
}
