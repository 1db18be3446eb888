// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#define NI 1000
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;              /* the slot holds an unconsumed item */
static int slot;               /* the payload */
static long total;

static void *producer(void *arg) {
  (void)arg;
  for (int k = 1; k <= NI; k++) {
    pthread_mutex_lock(&m);
    while (ready) pthread_cond_wait(&cv, &m);
    slot = k;
    ready = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

/* The payload is copied out under the lock, before the slot is emptied. */
static void *consumer(void *arg) {
  (void)arg;
  for (int k = 0; k < NI; k++) {
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&cv, &m);
    int v = slot;
    ready = 0;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    total += v;
  }
  return NULL;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  printf("%ld\n", total);
  return 0;
}
