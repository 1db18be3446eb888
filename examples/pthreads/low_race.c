// low_race.c: a plain unsynchronised writer and reader.
//
// Expected verdict: data race on 'shared' (the write in 'writer' and the
// read in 'reader' can run at the same time; nothing orders them).
#include <pthread.h>
#include <stdio.h>

int shared;

static void *writer(void *arg) {
  shared = 42;
  return NULL;
}

static void *reader(void *arg) {
  printf("%d\n", shared);
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
