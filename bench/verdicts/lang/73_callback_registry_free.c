// Handlers registered in a table of {function, context} pairs; two threads
// dispatch events to them. The handler updates its context under the
// context's lock (race-free) or not (racy).
#define SAFE 1
#include <pthread.h>
#include <stdio.h>

struct counter {
  pthread_mutex_t mu;
  long n;
};
typedef void (*handler_fn)(void *ctx);
static struct {
  handler_fn fn;
  void *ctx;
} handlers[4];
static int nhandlers;

static void count(void *ctx) {
  struct counter *c = ctx;
#ifdef SAFE
  pthread_mutex_lock(&c->mu);
#endif
  c->n++;
#ifdef SAFE
  pthread_mutex_unlock(&c->mu);
#endif
}

static void on(handler_fn fn, void *ctx) {
  handlers[nhandlers].fn = fn;
  handlers[nhandlers].ctx = ctx;
  nhandlers++;
}

static void *dispatcher(void *p) {
  (void)p;
  for (int i = 0; i < nhandlers; i++)
    handlers[i].fn(handlers[i].ctx);
  return NULL;
}

int main(void) {
  static struct counter c = {PTHREAD_MUTEX_INITIALIZER, 0};
  on(count, &c);
  pthread_t a, b;
  pthread_create(&a, NULL, dispatcher, NULL);
  pthread_create(&b, NULL, dispatcher, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", c.n);
  return 0;
}
