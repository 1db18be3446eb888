#define SAFE 1
// A writer builds a new configuration and publishes it by swapping a
// pointer under the lock; readers take the pointer under the lock and read
// the (immutable) configuration after. The racy variant edits the
// configuration after publishing it.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct config { int level; int limit; };
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct config *current;

static void *writer(void *p) {
  (void)p;
  struct config *c = malloc(sizeof *c);
  c->level = 2;
  c->limit = 100;
  pthread_mutex_lock(&mu);
  current = c;
  pthread_mutex_unlock(&mu);
#ifndef SAFE
  c->limit = 200;
#endif
  return NULL;
}

static void *reader(void *p) {
  (void)p;
  pthread_mutex_lock(&mu);
  struct config *c = current;
  pthread_mutex_unlock(&mu);
  if (c)
    printf("%d %d\n", c->level, c->limit);
  return NULL;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r, NULL, reader, NULL);
  pthread_join(w, NULL);
  pthread_join(r, NULL);
  free(current);
  return 0;
}
