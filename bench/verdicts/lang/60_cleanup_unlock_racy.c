// A scoped lock in C: __attribute__((cleanup)) unlocks when the guard goes
// out of scope. The racy variant closes the scope before the update.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int users;

static void unlock_guard(pthread_mutex_t **m) { pthread_mutex_unlock(*m); }
#define SCOPED_LOCK(m)                                                       \
  pthread_mutex_t *guard_ __attribute__((cleanup(unlock_guard))) = (m);     \
  pthread_mutex_lock(guard_)

static void *login(void *p) {
  (void)p;
#ifdef SAFE
  {
    SCOPED_LOCK(&mu);
    users++;
  }
#else
  {
    SCOPED_LOCK(&mu);
  }
  users++;
#endif
  return NULL;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, login, NULL);
  pthread_create(&y, NULL, login, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%d\n", users);
  return 0;
}
