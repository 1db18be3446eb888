// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#define NW 2
static long counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

/* The manager starts and joins the workers; main sees only the manager. */
static void *manager(void *arg) {
  (void)arg;
  pthread_t w[NW];
  for (int i = 0; i < NW; i++) pthread_create(&w[i], NULL, worker, NULL);
  for (int i = 0; i < NW; i++) pthread_join(w[i], NULL);
  return NULL;
}

int main(void) {
  pthread_t mgr;
  pthread_create(&mgr, NULL, manager, NULL);
  pthread_join(mgr, NULL);
  printf("%ld\n", counter);           /* workers joined by mgr, mgr by main */
  return 0;
}
