// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
struct ctx { pthread_mutex_t m; long n; };
static struct ctx g = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void acquire(struct ctx *c) { pthread_mutex_lock(&c->m); }
static void release(struct ctx *c) { pthread_mutex_unlock(&c->m); }

/* The caller must hold c->m. */
static void bump(struct ctx *c) {
  c->n++;
}

static void locked_bump(struct ctx *c) {
  acquire(c);
  bump(c);
  release(c);
}

static void *careful(void *arg) {
  struct ctx *c = arg;
  for (int i = 0; i < 1000; i++) locked_bump(c);
  return NULL;
}

static void *direct(void *arg) {
  struct ctx *c = arg;
  for (int i = 0; i < 1000; i++) {
    acquire(c);
    bump(c);
    release(c);
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, careful, &g);
  pthread_create(&t[1], NULL, direct, &g);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%ld\n", g.n);
  return 0;
}
