// Striped locks: bucket i is guarded by stripe i % 4; the racy variant
// takes the stripe of the wrong bucket for one update.
#include <pthread.h>
#include <stdio.h>

#define NB 8
static pthread_mutex_t stripe[4] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long bucket[NB];

static void *adder(void *p) {
  long k = (long)p;
#ifdef SAFE
  long s = 3 % 4;
#else
  long s = k % 4;
#endif
  pthread_mutex_lock(&stripe[s]);
  bucket[3]++;
  pthread_mutex_unlock(&stripe[s]);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, adder, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", bucket[3]);
  return 0;
}
