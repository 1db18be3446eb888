// EXPECTED: race at lines 10 x 15, 19 x 15, 14 x 25 -- 10/19 read x 15 write on inst; 14 write x 25 read on fields
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct conf { int verbose; int level; };
static struct conf *inst;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static struct conf *get_conf(void) {
  if (!inst) { /*RACE*/ /* bug: plain unlocked read */
    pthread_mutex_lock(&m);
    if (!inst) {
      struct conf *c = malloc(sizeof *c);
      c->verbose = 1; c->level = 7; /*RACE*/
      inst = c; /*RACE*/
    }
    pthread_mutex_unlock(&m);
  }
  return inst; /*RACE*/
}

static void *worker(void *arg) {
  (void)arg;
  struct conf *c = get_conf();
  printf("%d %d\n", c->verbose, c->level); /*RACE*/
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  free(inst);
  return 0;
}
