// EXPECTED: race at lines 16 x 34 -- 16 producer writes the next item, 34 consumer reads the slot after unlocking
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
    slot = k; /*RACE*/
    ready = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

/* Bug: the consumer empties the slot (ready = 0) and unlocks before it
   reads the payload, so the producer may already be writing the next. */
static void *consumer(void *arg) {
  (void)arg;
  for (int k = 0; k < NI; k++) {
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&cv, &m);
    ready = 0;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    total += slot; /*RACE*/
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
