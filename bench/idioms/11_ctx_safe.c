// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
struct ctx { pthread_mutex_t lock; int count; long total; };

static struct ctx *ctx_new(void) {
  struct ctx *c = calloc(1, sizeof *c);
  pthread_mutex_init(&c->lock, NULL);
  return c;
}

static void ctx_add(struct ctx *c, long v) {
  pthread_mutex_lock(&c->lock);
  c->count++;
  c->total += v;
  pthread_mutex_unlock(&c->lock);
}

static void *worker(void *arg) {
  struct ctx *c = arg;
  for (int i = 0; i < 100; i++) ctx_add(c, i);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  struct ctx *g = ctx_new();
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, g);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%d %ld\n", g->count, g->total);
  pthread_mutex_destroy(&g->lock);
  free(g);
  return 0;
}
