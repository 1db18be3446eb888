// An intrusive list (a link embedded in each item, container_of to get the
// item back): two threads walk it and count hits per item, under the
// list's lock (race-free) or not (racy).
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct link {
  struct link *next;
};
struct item {
  long key;
  long hits;
  struct link node;
};
#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

static struct link head;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *walker(void *p) {
  (void)p;
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  for (struct link *l = head.next; l; l = l->next) {
    struct item *it = container_of(l, struct item, node);
    it->hits++;
  }
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  return NULL;
}

int main(void) {
  for (long k = 0; k < 3; k++) {
    struct item *it = calloc(1, sizeof *it);
    it->key = k;
    it->node.next = head.next;
    head.next = &it->node;
  }
  pthread_t a, b;
  pthread_create(&a, NULL, walker, NULL);
  pthread_create(&b, NULL, walker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  long total = 0;
  for (struct link *l = head.next; l; l = l->next)
    total += container_of(l, struct item, node)->hits;
  printf("%ld\n", total);
  return 0;
}
