// Spin lock from atomic_exchange and atomic_store with (BUG) relaxed order,
// protecting a two-field account record moved between two threads.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int locked;
static struct { long balance; int ops; } acct = {1000, 0};

static void lock(void) {
  while (atomic_exchange_explicit(&locked, 1, memory_order_relaxed))
    while (atomic_load_explicit(&locked, memory_order_relaxed))
      ;
}
static void unlock(void) {
  atomic_store_explicit(&locked, 0, memory_order_relaxed);
}

static void *mover(void *arg) {
  long delta = (long)arg;
  for (int i = 0; i < 100; i++) {
    lock();
    acct.balance += delta; /* RACE (C11): relaxed lock orders nothing */
    acct.ops++;
    unlock();
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, mover, (void *)5L);
  pthread_create(&b, NULL, mover, (void *)-3L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld %d\n", acct.balance, acct.ops);
  return 0;
}
