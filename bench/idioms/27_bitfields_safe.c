// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
/* a and b are separate (non-bit-field) members, so separate memory
   locations (C11 3.14): each may have its own lock. */
struct state {
  unsigned char a;              /* guarded by lock_a */
  unsigned char b;              /* guarded by lock_b */
};
static struct state flags;
static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

static void *set_a(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&lock_a);
    flags.a = i & 0xf;
    pthread_mutex_unlock(&lock_a);
  }
  return NULL;
}

static void *set_b(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&lock_b);
    flags.b = (i * 3) & 0xf;
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
