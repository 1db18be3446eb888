// main clears a shared buffer with memset after joining the reader
// (race-free), or while the reader may still scan it (racy).
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char buf[64] = "hello";

static void *reader(void *p) {
  (void)p;
  size_t n = strlen(buf);
  printf("%zu\n", n);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, reader, NULL);
#ifdef SAFE
  pthread_join(t, NULL);
  memset(buf, 0, sizeof buf);
#else
  memset(buf, 0, sizeof buf);
  pthread_join(t, NULL);
#endif
  return 0;
}
