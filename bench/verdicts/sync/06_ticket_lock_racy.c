// Ticket lock: fetch_add on next_ticket, spin until now_serving matches,
// release by storing now_serving + 1. Protects a shared sequence log.
// BUG: after unlocking, reads the previous slot, which its writer may still be storing.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_uint next_ticket;
static atomic_uint now_serving;
static int seq_log[64];
static int seq_len;

static void ticket_lock(void) {
  unsigned my = atomic_fetch_add_explicit(&next_ticket, 1, memory_order_relaxed);
  while (atomic_load_explicit(&now_serving, memory_order_acquire) != my)
    ;
}
static void ticket_unlock(void) {
  unsigned cur = atomic_load_explicit(&now_serving, memory_order_relaxed);
  atomic_store_explicit(&now_serving, cur + 1, memory_order_release);
}

static void *appender(void *arg) {
  int id = (int)(long)arg;
  long dups = 0;
  for (int i = 0; i < 10; i++) {
    ticket_lock();
    int n = seq_len;
    seq_len = n + 1;
    ticket_unlock();
    seq_log[n] = id; /* slot n is this thread's own */
    if (n > 0 && seq_log[n - 1] == id) /* RACE: previous slot, written unlocked */
      dups++;
  }
  return (void *)dups;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, appender, (void *)i);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", seq_len);
  return 0;
}
