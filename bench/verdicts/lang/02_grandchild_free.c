#define SAFE 1
// A worker starts its own helpers; the helpers bump a total unlocked.
#include <pthread.h>
#include <stdio.h>

static int total;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *helper(void *p) {
  (void)p;
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  total++;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  return NULL;
}

static void *worker(void *p) {
  pthread_t h[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&h[i], NULL, helper, p);
  for (int i = 0; i < 2; i++)
    pthread_join(h[i], NULL);
  return NULL;
}

int main(void) {
  pthread_t w;
  pthread_create(&w, NULL, worker, NULL);
  pthread_join(w, NULL);
  printf("%d\n", total);
  return 0;
}
