// The classic: each thread is handed &i, the loop counter main goes on
// incrementing (racy), or a slot of its own holding the value (race-free).
#include <pthread.h>
#include <stdio.h>

static long sum;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *p) {
  int id = *(int *)p;
  pthread_mutex_lock(&mu);
  sum += id;
  pthread_mutex_unlock(&mu);
  return NULL;
}

int main(void) {
  pthread_t t[4];
  int ids[4];
  for (int i = 0; i < 4; i++) {
#ifdef SAFE
    ids[i] = i;
    pthread_create(&t[i], NULL, worker, &ids[i]);
#else
    (void)ids;
    pthread_create(&t[i], NULL, worker, &i);
#endif
  }
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", sum);
  return 0;
}
