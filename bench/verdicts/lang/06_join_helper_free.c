#define SAFE 1
// main joins its workers through a helper and then reads what they wrote;
// the racy variant reads before the helper runs.
#include <pthread.h>
#include <stdio.h>

static int results[2];

static void *work(void *p) {
  long i = (long)p;
  results[i] = (int)i + 1;
  return NULL;
}

static void join_all(pthread_t *t, int n) {
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, work, (void *)i);
#ifdef SAFE
  join_all(t, 2);
  printf("%d\n", results[0] + results[1]);
#else
  printf("%d\n", results[0] + results[1]);
  join_all(t, 2);
#endif
  return 0;
}
