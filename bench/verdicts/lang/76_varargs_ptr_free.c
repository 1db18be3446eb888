// A variadic helper takes the counters to bump as pointer arguments
// (va_arg); each thread bumps its own counter (race-free) or both bump one
// (racy).
#define SAFE 1
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static long a_count, b_count;

static void bump_all(int n, ...) {
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    long *c = va_arg(ap, long *);
    ++*c;
  }
  va_end(ap);
}

static void *ta(void *p) {
  (void)p;
  bump_all(1, &a_count);
  return NULL;
}

static void *tb(void *p) {
  (void)p;
#ifdef SAFE
  bump_all(1, &b_count);
#else
  bump_all(2, &b_count, &a_count);
#endif
  return NULL;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, ta, NULL);
  pthread_create(&y, NULL, tb, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%ld %ld\n", a_count, b_count);
  return 0;
}
