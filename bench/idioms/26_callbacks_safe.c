// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
struct ctr { pthread_mutex_t m; long n; };
struct ops { const char *name; void (*inc)(struct ctr *); };

static void inc_locked(struct ctr *c) {
  pthread_mutex_lock(&c->m);
  c->n++;
  pthread_mutex_unlock(&c->m);
}

/* Counts in steps of one or two, but also under c->m. */
static void inc_twice(struct ctr *c) {
  pthread_mutex_lock(&c->m);
  c->n += (c->n & 1) ? 1 : 2;
  pthread_mutex_unlock(&c->m);
}

static const struct ops locked_ops = { "locked", inc_locked };
static const struct ops twice_ops = { "twice", inc_twice };
static const struct ops *const ops_table[] = { &locked_ops, &twice_ops };
static struct ctr g = { PTHREAD_MUTEX_INITIALIZER, 0 };

struct job { const struct ops *ops; struct ctr *c; };

static void *worker(void *arg) {
  struct job *j = arg;
  for (int i = 0; i < 1000; i++) j->ops->inc(j->c);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  struct job jobs[2];
  for (int i = 0; i < 2; i++) {
    jobs[i].ops = ops_table[i % 2];       /* chosen at run time */
    jobs[i].c = &g;
    pthread_create(&t[i], NULL, worker, &jobs[i]);
  }
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%s+%s: %ld\n", jobs[0].ops->name, jobs[1].ops->name, g.n);
  return 0;
}
