#define SAFE 1
// A list guarded by a mutex: the writer inserts nodes and then bumps
// every node's count under the lock; the reader walks the list under the
// lock (race-free), or after releasing it (racy: the bumps race with it).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
static struct node *list;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *p) {
  (void)p;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->v = i;
    pthread_mutex_lock(&mu);
    n->next = list;
    list = n;
    pthread_mutex_unlock(&mu);
  }
  pthread_mutex_lock(&mu);
  for (struct node *n = list; n; n = n->next)
    n->v++;
  pthread_mutex_unlock(&mu);
  return NULL;
}

static void *reader(void *p) {
  (void)p;
  long sum = 0;
  pthread_mutex_lock(&mu);
#ifndef SAFE
  struct node *n = list;
  pthread_mutex_unlock(&mu);
  for (; n; n = n->next)
    sum += n->v;
#else
  for (struct node *n = list; n; n = n->next)
    sum += n->v;
  pthread_mutex_unlock(&mu);
#endif
  printf("%ld\n", sum);
  return NULL;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r, NULL, reader, NULL);
  pthread_join(w, NULL);
  pthread_join(r, NULL);
  return 0;
}
