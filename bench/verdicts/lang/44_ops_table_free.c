#define SAFE 1
// Workers call through an operations table; the table's update operation
// locks (race-free) or, in the racy variant, does not.
#include <pthread.h>
#include <stdio.h>

struct ops { void (*update)(int); int (*get)(void); };
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int value;

static void update_locked(int v) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  value += v;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
}
static int get_locked(void) {
  pthread_mutex_lock(&mu);
  int v = value;
  pthread_mutex_unlock(&mu);
  return v;
}
static const struct ops table = {update_locked, get_locked};

static void *worker(void *p) {
  const struct ops *o = p;
  o->update(1);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)&table);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", table.get());
  return 0;
}
