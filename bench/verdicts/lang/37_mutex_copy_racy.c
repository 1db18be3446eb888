// Workers lock the context's mutex through a pointer (race-free); the
// racy variant copies the context first, so each locks its own copy of
// the mutex and nothing is excluded.
#include <pthread.h>
#include <stdio.h>

struct ctx { pthread_mutex_t mu; long *total; };
static long total;
static struct ctx shared = {PTHREAD_MUTEX_INITIALIZER, &total};

static void *worker(void *p) {
#ifdef SAFE
  struct ctx *c = p;
  pthread_mutex_lock(&c->mu);
  *c->total += 1;
  pthread_mutex_unlock(&c->mu);
#else
  struct ctx c = *(struct ctx *)p;
  pthread_mutex_lock(&c.mu);
  *c.total += 1;
  pthread_mutex_unlock(&c.mu);
#endif
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, &shared);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", total);
  return 0;
}
