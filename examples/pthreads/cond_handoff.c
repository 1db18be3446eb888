// cond_handoff.c: a producer hands a value to a consumer through a 'ready'
// flag and a condition variable. The consumer reads 'payload' only after it
// has seen 'ready' set under the mutex, and the producer writes 'payload'
// before it sets 'ready'.
//
// Expected verdict: no data race. The accesses to 'payload' hold no common
// lock, so the lockset layer passes them on; the model checker, which
// tracks 'ready', refutes the race.
#include <pthread.h>
#include <stdio.h>

int payload;
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg) {
  payload = 42;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *consumer(void *arg) {
  pthread_mutex_lock(&m);
  while (ready == 0)
    pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
  printf("%d\n", payload);
  return NULL;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, NULL, consumer, NULL);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  return 0;
}
