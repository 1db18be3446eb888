// Workers return a heap-allocated report through pthread_join; the
// second worker also fills a shared summary that main reads only after
// joining that worker.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct report { int id; long bytes; };
static long summary_bytes;

static void *scan(void *arg) {
  int id = (int)(long)arg;
  struct report *r = malloc(sizeof *r);
  r->id = id;
  r->bytes = 1000L * (id + 1);
  if (id == 1)
    summary_bytes = r->bytes * 2;
  return r;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, scan, (void *)i);
  long total = 0;
  for (int i = 0; i < 2; i++) {
    void *ret;
    pthread_join(t[i], &ret);
    struct report *r = ret;
    total += r->bytes;
    if (r->id == 1)
      total += summary_bytes;
    free(r);
  }
  printf("%ld\n", total);
  return 0;
}
