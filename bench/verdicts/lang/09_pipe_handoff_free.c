#define SAFE 1
// main fills a request, then wakes the worker through a pipe; the worker
// blocks in read() until then. The racy variant writes after the wake-up.
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int fds[2];
static char request[32];

static void *worker(void *p) {
  char c;
  (void)p;
  if (read(fds[0], &c, 1) != 1)
    return NULL;
  printf("%s\n", request);
  return NULL;
}

int main(void) {
  pthread_t t;
  if (pipe(fds))
    return 1;
  pthread_create(&t, NULL, worker, NULL);
#ifdef SAFE
  snprintf(request, sizeof request, "job %d", 7);
  (void)!write(fds[1], "x", 1);
#else
  (void)!write(fds[1], "x", 1);
  snprintf(request, sizeof request, "job %d", 7);
#endif
  pthread_join(t, NULL);
  return 0;
}
