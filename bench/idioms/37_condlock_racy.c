// EXPECTED: race at lines 12 x 12 -- careful() calls bump(1) and takes m around hits++; careless() calls bump(0) and does not
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long hits;

/* Takes the lock only when the caller asks for it. */
static void bump(int locked) {
  if (locked)
    pthread_mutex_lock(&m);
  hits++; /*RACE*/
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
    bump(0); /* bug: the shared counter without its lock */
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
