// Lazy init with a CAS state machine: 0 = uninit, 1 = initialising,
// 2 = ready. The winner of the CAS builds the table and stores 2 (release);
// everyone else spins (BUG) only until the state is non-zero.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int state;
static int squares[64];

static void ensure_init(void) {
  int expected = 0;
  if (atomic_compare_exchange_strong_explicit(&state, &expected, 1,
                                              memory_order_acquire,
                                              memory_order_acquire)) {
    for (int i = 0; i < 64; i++)
      squares[i] = i * i;
    atomic_store_explicit(&state, 2, memory_order_release);
    return;
  }
  while (atomic_load_explicit(&state, memory_order_acquire) == 0) /* BUG */
    ;
}

static void *user(void *arg) {
  int k = (int)(long)arg;
  ensure_init();
  return (void *)(long)squares[k]; /* RACE: may read while initialising */
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, user, (void *)(i + 5));
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", squares[7]);
  return 0;
}
