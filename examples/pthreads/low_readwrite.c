// low_readwrite.c: a hand-made reader/writer lock. A reader takes either
// of two locks; a writer takes both. Every read therefore shares a lock
// with every write, although no single lock protects all accesses.
//
// Expected verdict: no data race on 'value'. (Eraser's single intersection
// of locksets per variable is empty and would flag it; RaceSift compares
// the accesses pairwise.)
#include <pthread.h>
#include <stdio.h>

int value;
pthread_mutex_t left = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t right = PTHREAD_MUTEX_INITIALIZER;

static void *left_reader(void *arg) {
  pthread_mutex_lock(&left);
  printf("%d\n", value);
  pthread_mutex_unlock(&left);
  return NULL;
}

static void *right_reader(void *arg) {
  pthread_mutex_lock(&right);
  printf("%d\n", value);
  pthread_mutex_unlock(&right);
  return NULL;
}

static void *writer(void *arg) {
  pthread_mutex_lock(&left);
  pthread_mutex_lock(&right);
  value = value + 1;
  pthread_mutex_unlock(&right);
  pthread_mutex_unlock(&left);
  return NULL;
}

int main(void) {
  pthread_t a, b, w;
  pthread_create(&a, NULL, left_reader, NULL);
  pthread_create(&b, NULL, right_reader, NULL);
  pthread_create(&w, NULL, writer, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(w, NULL);
  return 0;
}
