#define SAFE 1
// main reads a config struct through a getter that returns it by value:
// under the lock (race-free) or not (racy) while a worker reloads it.
#include <pthread.h>
#include <stdio.h>

struct cfg { int level; int limit; };
static struct cfg current = {1, 10};
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static struct cfg get_cfg(void) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  struct cfg c = current;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  return c;
}

static void *reloader(void *p) {
  (void)p;
  pthread_mutex_lock(&mu);
  current.level = 2;
  current.limit = 20;
  pthread_mutex_unlock(&mu);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, reloader, NULL);
  struct cfg c = get_cfg();
  pthread_join(t, NULL);
  printf("%d %d\n", c.level, c.limit);
  return 0;
}
