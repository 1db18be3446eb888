// Each worker locks the mutex its argument names; two different mutexes
// protect nothing between them.
#include <pthread.h>
#include <stdio.h>

struct job { pthread_mutex_t *mu; int add; };
static long counter;
static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *p) {
  struct job *j = p;
  pthread_mutex_lock(j->mu);
  counter += j->add;
  pthread_mutex_unlock(j->mu);
  return NULL;
}

int main(void) {
  struct job jobs[2] = {{&m1, 1}, {&m2, 2}};
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, work, &jobs[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", counter);
  return 0;
}
