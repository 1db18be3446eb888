// A request is handed to a worker as a pointer written into a pipe; the
// submitter then waits for the worker's answer on a second pipe before
// reading the result (race-free), or reads it right away (racy).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

struct request {
  int in;
  int out;
};
static int to_worker[2], from_worker[2];

static void *worker(void *p) {
  (void)p;
  struct request *r;
  if (read(to_worker[0], &r, sizeof r) != sizeof r)
    return NULL;
  r->out = r->in * 2;
  char done = 1;
  write(from_worker[1], &done, 1);
  return NULL;
}

int main(void) {
  pipe(to_worker);
  pipe(from_worker);
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  static struct request req = {21, 0};
  struct request *rp = &req;
  write(to_worker[1], &rp, sizeof rp);
#ifdef SAFE
  char done;
  read(from_worker[0], &done, 1);
#endif
  printf("%d\n", req.out);
  pthread_join(t, NULL);
  return 0;
}
