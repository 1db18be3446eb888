// Struct-per-thread arguments: each worker gets its own range descriptor
// and writes its result into it; main reads results after joining.
#include <pthread.h>
#include <stdio.h>

struct range { int lo, hi; long result; };

static void *count_primes(void *arg) {
  struct range *r = arg;
  long n = 0;
  for (int v = r->lo; v < r->hi; v++) {
    int prime = v > 1;
    for (int d = 2; d * d <= v && prime; d++)
      if (v % d == 0)
        prime = 0;
    n += prime;
  }
  r->result = n;
  return NULL;
}

int main(void) {
  pthread_t t[3];
  struct range args[3];
  for (int i = 0; i < 3; i++) {
    args[i].lo = i * 1000;
    args[i].hi = (i + 1) * 1000;
    args[i].result = 0;
    pthread_create(&t[i], NULL, count_primes, &args[i]);
  }
  long total = 0;
  for (int i = 0; i < 3; i++) {
    pthread_join(t[i], NULL);
    total += args[i].result;
  }
  printf("%ld\n", total);
  return 0;
}
