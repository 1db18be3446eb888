// EXPECTED: race at lines 16 x 9 -- c->n++ in inc_fast (no lock) vs in inc_locked (under c->m), both reached through ops->inc
#include <pthread.h>
#include <stdio.h>
struct ctr { pthread_mutex_t m; long n; };
struct ops { const char *name; void (*inc)(struct ctr *); };

static void inc_locked(struct ctr *c) {
  pthread_mutex_lock(&c->m);
  c->n++; /*RACE*/
  pthread_mutex_unlock(&c->m);
}

/* "Fast path" for callers that own the counter; bug: handed to a thread
   that shares it. */
static void inc_fast(struct ctr *c) {
  c->n++; /*RACE*/
}

static const struct ops locked_ops = { "locked", inc_locked };
static const struct ops fast_ops = { "fast", inc_fast };
static const struct ops *const ops_table[] = { &locked_ops, &fast_ops };
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
