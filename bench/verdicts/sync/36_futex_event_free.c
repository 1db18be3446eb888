// One-shot event built on a Linux futex: the waiter sleeps in FUTEX_WAIT
// while the word is 0; the setter fills the payload, stores 1 (release)
// and wakes the waiters.
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static atomic_int ev_word;
static int payload[4];

static void event_wait(void) {
  while (atomic_load_explicit(&ev_word, memory_order_acquire) == 0)
    syscall(SYS_futex, &ev_word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
}

static void event_set(void) {
  atomic_store_explicit(&ev_word, 1, memory_order_release);
  syscall(SYS_futex, &ev_word, FUTEX_WAKE_PRIVATE, 1 << 30, NULL, NULL, 0);
}

static void *consumer(void *arg) {
  (void)arg;
  event_wait();
  long s = 0;
  for (int i = 0; i < 4; i++)
    s += payload[i];
  return (void *)s;
}

int main(void) {
  pthread_t c;
  void *sum;
  pthread_create(&c, NULL, consumer, NULL);
  for (int i = 0; i < 4; i++)
    payload[i] = i * 10;
  event_set();
  pthread_join(c, &sum);
  printf("%ld\n", (long)sum);
  return 0;
}
