// sem_getvalue reports how many tokens are left; with one left a second
// consumer starts.
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static sem_t tokens;
static int consumed;

static void *consume(void *arg) {
  (void)arg;
  consumed++;
  return NULL;
}

int main(void) {
  sem_init(&tokens, 0, 1);
  int avail = 1; /* assume one until asked */
  sem_getvalue(&tokens, &avail);
  pthread_t a, b;
  pthread_create(&a, NULL, consume, NULL);
  if (avail > 0)
    pthread_create(&b, NULL, consume, NULL);
  pthread_join(a, NULL);
  if (avail > 0)
    pthread_join(b, NULL);
  printf("%d\n", consumed);
  sem_destroy(&tokens);
  return 0;
}
