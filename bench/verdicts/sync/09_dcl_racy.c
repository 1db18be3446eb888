// Double-checked locking for a lazily created connection object, broken:
// the instance pointer is a plain variable read outside the lock.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct conn { int fd; int retries; };
static struct conn *instance;
static pthread_mutex_t init_mu = PTHREAD_MUTEX_INITIALIZER;

static struct conn *get_conn(void) {
  struct conn *c = instance; /* RACE: unlocked plain read */
  if (!c) {
    pthread_mutex_lock(&init_mu);
    c = instance;
    if (!c) {
      c = malloc(sizeof *c);
      c->fd = 3;
      c->retries = 5;
      instance = c;
    }
    pthread_mutex_unlock(&init_mu);
  }
  return c;
}

static void *client(void *arg) {
  (void)arg;
  struct conn *c = get_conn();
  return (void *)(long)(c->fd + c->retries);
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, client, NULL);
  pthread_create(&b, NULL, client, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d\n", get_conn()->fd);
  free(get_conn());
  return 0;
}
