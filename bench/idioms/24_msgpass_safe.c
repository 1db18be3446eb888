// EXPECTED: no race
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
static int data;
static atomic_int ready;

static void *writer(void *arg) {
  (void)arg;
  data = 42;
  atomic_store_explicit(&ready, 1, memory_order_release);
  return NULL;
}

/* The acquire load that sees 1 synchronises with the release store. */
static void *reader(void *arg) {
  (void)arg;
  while (!atomic_load_explicit(&ready, memory_order_acquire))
    ;
  int v = data;
  printf("%d\n", v);
  return NULL;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&r, NULL, reader, NULL);
  pthread_create(&w, NULL, writer, NULL);
  pthread_join(r, NULL);
  pthread_join(w, NULL);
  return 0;
}
