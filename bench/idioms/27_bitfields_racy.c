// EXPECTED: race at lines 19 x 29 -- flags.a under lock_a vs flags.b under lock_b: adjacent bit-fields are one memory location
#include <pthread.h>
#include <stdio.h>
/* a and b look independent, each with its own lock, but adjacent
   bit-fields are one memory location (C11 3.14): a store to one is a
   read-modify-write of the unit that holds both. */
struct state {
  unsigned a : 4;               /* guarded by lock_a */
  unsigned b : 4;               /* guarded by lock_b */
};
static struct state flags;
static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

static void *set_a(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&lock_a);
    flags.a = i & 0xf; /*RACE*/
    pthread_mutex_unlock(&lock_a);
  }
  return NULL;
}

static void *set_b(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&lock_b);
    flags.b = (i * 3) & 0xf; /*RACE*/
    pthread_mutex_unlock(&lock_b);
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, set_a, NULL);
  pthread_create(&t[1], NULL, set_b, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%u %u\n", flags.a, flags.b);
  return 0;
}
