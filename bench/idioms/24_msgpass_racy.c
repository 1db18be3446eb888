// EXPECTED: race at lines 10 x 17 -- 10 writer's plain store to data, 17 reader's load of data before waiting for ready
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
static int data;
static atomic_int ready;

static void *writer(void *arg) {
  (void)arg;
  data = 42; /*RACE*/
  atomic_store_explicit(&ready, 1, memory_order_release);
  return NULL;
}

static void *reader(void *arg) {
  (void)arg;
  int early = data; /*RACE*/ /* bug: read before waiting for the flag */
  while (!atomic_load_explicit(&ready, memory_order_acquire))
    ;
  printf("%d %d\n", early, data);
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
