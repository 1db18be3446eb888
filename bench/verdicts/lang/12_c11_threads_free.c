#define SAFE 1
// C11 threads: two workers add to a total under a mtx_t (race-free) or
// without it (racy).
#include <stdio.h>
#include <threads.h>

static long total;
static mtx_t mu;

static int adder(void *p) {
#ifdef SAFE
  mtx_lock(&mu);
#endif
  total += (long)p;
#ifdef SAFE
  mtx_unlock(&mu);
#endif
  return 0;
}

int main(void) {
  thrd_t t[2];
  mtx_init(&mu, mtx_plain);
  for (long i = 0; i < 2; i++)
    thrd_create(&t[i], adder, (void *)(i + 1));
  for (int i = 0; i < 2; i++)
    thrd_join(t[i], NULL);
  printf("%ld\n", total);
  mtx_destroy(&mu);
  return 0;
}
