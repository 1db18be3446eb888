// EXPECTED: race at lines 15 x 27 -- 15 write (worker), 27 read (reporter)
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NS 4
#define NB 16
static pthread_mutex_t locks[NS];
static long counts[NB];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int k = 0; k < 1000; k++) {
    int b = (k * 7 + id) % NB;
    pthread_mutex_lock(&locks[b % NS]);
    counts[b]++; /*RACE*/
    pthread_mutex_unlock(&locks[b % NS]);
  }
  return NULL;
}

/* Bug: takes only the first stripe's lock for the whole snapshot. */
static void *reporter(void *arg) {
  long total = 0;
  (void)arg;
  pthread_mutex_lock(&locks[0]);
  for (int b = 0; b < NB; b++)
    total += counts[b]; /*RACE*/
  pthread_mutex_unlock(&locks[0]);
  printf("snapshot %ld\n", total);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < NS; i++) pthread_mutex_init(&locks[i], NULL);
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  pthread_create(&t[2], NULL, reporter, NULL);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  return 0;
}
