// low_corrected.c: low_race.c with both accesses under one mutex.
//
// Expected verdict: no data race (every access to 'shared' holds 'lock').
#include <pthread.h>
#include <stdio.h>

int shared;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *arg) {
  pthread_mutex_lock(&lock);
  shared = 42;
  pthread_mutex_unlock(&lock);
  return NULL;
}

static void *reader(void *arg) {
  pthread_mutex_lock(&lock);
  printf("%d\n", shared);
  pthread_mutex_unlock(&lock);
  return NULL;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r, NULL, reader, NULL);
  pthread_join(w, NULL);
  pthread_join(r, NULL);
  return 0;
}
