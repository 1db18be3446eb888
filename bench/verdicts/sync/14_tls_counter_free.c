// __thread statistics: each thread counts its own calls in a thread-local
// variable and adds it to the global total under a lock when done.
#include <pthread.h>
#include <stdio.h>

static __thread long calls;
static long total_calls;
static pthread_mutex_t total_mu = PTHREAD_MUTEX_INITIALIZER;

static int parse(int v) {
  calls++;
  return v * 2 + 1;
}

static void *job(void *arg) {
  long *local = (long *)arg;
  int acc = 0;
  for (int i = 0; i < 100; i++)
    acc += parse(i);
  *local = calls; /* arg points to this thread's own report slot */
  pthread_mutex_lock(&total_mu);
  total_calls += calls;
  pthread_mutex_unlock(&total_mu);
  return (void *)(long)acc;
}

int main(void) {
  pthread_t a, b;
  long ra = 0, rb = 0;
  pthread_create(&a, NULL, job, &ra);
  pthread_create(&b, NULL, job, &rb);
  for (int i = 0; i < 50; i++)
    parse(i);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld %ld %ld %ld\n", ra, rb, total_calls, calls);
  return 0;
}
