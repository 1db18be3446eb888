// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long hits;

/* Takes the lock only when the caller asks for it. */
static void bump(int locked) {
  if (locked)
    pthread_mutex_lock(&m);
  hits++;
  if (locked)
    pthread_mutex_unlock(&m);
}

static void *careful(void *arg) {
  (void)arg;
  for (int k = 0; k < 1000; k++)
    bump(1);
  return NULL;
}

static void *careless(void *arg) {
  (void)arg;
  for (int k = 0; k < 1000; k++)
    bump(1);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, careful, NULL);
  pthread_create(&b, NULL, careless, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", hits);
  return 0;
}
