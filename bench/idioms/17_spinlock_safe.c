// EXPECTED: no race
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
static atomic_flag lk = ATOMIC_FLAG_INIT;
static long counter;

static void spin_lock(void) {
  while (atomic_flag_test_and_set_explicit(&lk, memory_order_acquire))
    ;
}

static void spin_unlock(void) {
  atomic_flag_clear_explicit(&lk, memory_order_release);
}

static void *adder(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    spin_lock();
    counter++;
    spin_unlock();
  }
  return NULL;
}

static void *double_adder(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    spin_lock();
    counter += 2;
    spin_unlock();
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, adder, NULL);
  pthread_create(&t[1], NULL, double_adder, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%ld\n", counter);
  return 0;
}
