// Spin lock from a C11 atomic_flag (acquire on test_and_set, release on
// clear) protecting a histogram updated by several threads.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_flag lock = ATOMIC_FLAG_INIT;
static int histogram[8];
static int total;

static void spin_lock(void) {
  while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire))
    ;
}
static void spin_unlock(void) {
  atomic_flag_clear_explicit(&lock, memory_order_release);
}

static void *count(void *arg) {
  int seed = (int)(long)arg;
  for (int i = 0; i < 50; i++) {
    int bucket = (seed * 31 + i * 7) & 7;
    spin_lock();
    histogram[bucket]++;
    total++;
    spin_unlock();
  }
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, count, (void *)i);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  printf("%d %d\n", total, histogram[0]);
  return 0;
}
