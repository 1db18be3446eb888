// Lock-free single-producer/single-consumer ring (C11 acquire/release on
// the head and tail indices); the slots themselves are plain ints.
// BUG: the full check is off by one.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define CAP 4
static int slots[CAP];
static atomic_uint head, tail; /* head: next to read, tail: next to write */

static int push(int v) {
  unsigned t = atomic_load_explicit(&tail, memory_order_relaxed);
  unsigned h = atomic_load_explicit(&head, memory_order_acquire);
  if (t - h > CAP) /* BUG: off by one, allows CAP + 1 in flight */
    return 0;
  slots[t % CAP] = v; /* RACE: may overwrite the slot being read */
  atomic_store_explicit(&tail, t + 1, memory_order_release);
  return 1;
}

static int pop(int *v) {
  unsigned h = atomic_load_explicit(&head, memory_order_relaxed);
  unsigned t = atomic_load_explicit(&tail, memory_order_acquire);
  if (h == t)
    return 0; /* empty */
  *v = slots[h % CAP];
  atomic_store_explicit(&head, h + 1, memory_order_release);
  return 1;
}

static void *producer(void *arg) {
  (void)arg;
  for (int i = 1; i <= 20;)
    if (push(i))
      i++;
  return NULL;
}

static void *consumer(void *arg) {
  long sum = 0;
  int v;
  (void)arg;
  for (int got = 0; got < 20;)
    if (pop(&v)) {
      sum += v;
      got++;
    }
  return (void *)sum;
}

int main(void) {
  pthread_t p, c;
  void *sum;
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, &sum);
  printf("%ld\n", (long)sum);
  return 0;
}
