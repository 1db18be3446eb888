// Seqlock: one writer publishes a position (x, y); readers retry until they
// see an even, unchanged sequence number. BUG: the data are plain ints, so the
// reader's speculative reads race with the writer's stores (C11).
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_uint seq;
static int pos_x, pos_y;

static void *writer(void *arg) {
  (void)arg;
  for (int i = 1; i <= 100; i++) {
    unsigned s = atomic_load_explicit(&seq, memory_order_relaxed);
    atomic_store_explicit(&seq, s + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    pos_x = i;
    pos_y = -i;
    atomic_store_explicit(&seq, s + 2, memory_order_release);
  }
  return NULL;
}

static void *reader(void *arg) {
  long bad = 0;
  (void)arg;
  for (int i = 0; i < 100; i++) {
    unsigned s1, s2;
    int x, y;
    do {
      s1 = atomic_load_explicit(&seq, memory_order_acquire);
      x = pos_x; /* RACE */
      y = pos_y;
      atomic_thread_fence(memory_order_acquire);
      s2 = atomic_load_explicit(&seq, memory_order_relaxed);
    } while ((s1 & 1) || s1 != s2);
    if (x != -y)
      bad++;
  }
  return (void *)bad;
}

int main(void) {
  pthread_t w, r1, r2;
  void *b1, *b2;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r1, NULL, reader, NULL);
  pthread_create(&r2, NULL, reader, NULL);
  pthread_join(w, NULL);
  pthread_join(r1, &b1);
  pthread_join(r2, &b2);
  printf("%ld\n", (long)b1 + (long)b2);
  return 0;
}
