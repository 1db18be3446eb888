// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static int *buf;                      /* buf, len, cap guarded by m */
static size_t len, cap;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void append(int v) {
  pthread_mutex_lock(&m);
  if (len == cap) {
    size_t ncap = cap ? 2 * cap : 4;
    int *nb = realloc(buf, ncap * sizeof *nb);
    if (!nb) abort();
    buf = nb;
    cap = ncap;
  }
  buf[len] = v;
  len++;
  pthread_mutex_unlock(&m);
}

static void *writer(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int i = 0; i < 200; i++) append(id * 1000 + i);
  return NULL;
}

static void *reader(void *arg) {
  (void)arg;
  long s = 0;
  for (int i = 0; i < 200; i++) {
    pthread_mutex_lock(&m);
    if (len > 0)
      s += buf[0];
    pthread_mutex_unlock(&m);
  }
  printf("%ld\n", s);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, writer, (void *)(intptr_t)i);
  pthread_create(&t[2], NULL, reader, NULL);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  printf("%zu %d\n", len, buf[0]);
  free(buf);
  return 0;
}
