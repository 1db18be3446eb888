// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct conf { int verbose; int level; };
static struct conf *inst;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static struct conf *get_conf(void) {
  struct conf *c = __atomic_load_n(&inst, __ATOMIC_ACQUIRE);
  if (!c) {
    pthread_mutex_lock(&m);
    c = __atomic_load_n(&inst, __ATOMIC_RELAXED);
    if (!c) {
      c = malloc(sizeof *c);
      c->verbose = 1; c->level = 7;
      __atomic_store_n(&inst, c, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&m);
  }
  return c;
}

static void *worker(void *arg) {
  (void)arg;
  struct conf *c = get_conf();
  printf("%d %d\n", c->verbose, c->level);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  free(inst);
  return 0;
}
