// Double-checked locking for a lazily created connection object, with an
// acquire load on the fast path and a release store on publication.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct conn { int fd; int retries; };
static _Atomic(struct conn *) instance;
static pthread_mutex_t init_mu = PTHREAD_MUTEX_INITIALIZER;

static struct conn *get_conn(void) {
  struct conn *c = atomic_load_explicit(&instance, memory_order_acquire);
  if (!c) {
    pthread_mutex_lock(&init_mu);
    c = atomic_load_explicit(&instance, memory_order_relaxed);
    if (!c) {
      c = malloc(sizeof *c);
      c->fd = 3;
      c->retries = 5;
      atomic_store_explicit(&instance, c, memory_order_release);
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
