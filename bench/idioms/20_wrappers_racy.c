// EXPECTED: race at lines 12 x 12 -- c->n++ from locked_bump (under c->m) and from sloppy's unlocked bump
#include <pthread.h>
#include <stdio.h>
struct ctx { pthread_mutex_t m; long n; };
static struct ctx g = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void acquire(struct ctx *c) { pthread_mutex_lock(&c->m); }
static void release(struct ctx *c) { pthread_mutex_unlock(&c->m); }

/* The caller must hold c->m. */
static void bump(struct ctx *c) {
  c->n++; /*RACE*/
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

static void *sloppy(void *arg) {
  struct ctx *c = arg;
  for (int i = 0; i < 1000; i++)
    bump(c); /* bug: no acquire(c) */
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, careful, &g);
  pthread_create(&t[1], NULL, sloppy, &g);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%ld\n", g.n);
  return 0;
}
