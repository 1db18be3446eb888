// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct queue { pthread_mutex_t lock; struct node *head, *tail; };
static struct queue Q = { PTHREAD_MUTEX_INITIALIZER, NULL, NULL };

static void enqueue(struct queue *q, int v) {
  struct node *n = malloc(sizeof *n);
  n->val = v; n->next = NULL;
  pthread_mutex_lock(&q->lock);
  if (q->tail) q->tail->next = n; else q->head = n;
  q->tail = n;
  pthread_mutex_unlock(&q->lock);
}

static int dequeue(struct queue *q, int *v) {
  pthread_mutex_lock(&q->lock);
  struct node *n = q->head;
  if (n) { q->head = n->next; if (!q->head) q->tail = NULL; }
  pthread_mutex_unlock(&q->lock);
  if (!n) return 0;
  *v = n->val;
  free(n);
  return 1;
}

static void *producer(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) enqueue(&Q, i);
  return NULL;
}

static void *consumer(void *arg) {
  long s = 0; int got = 0, v;
  (void)arg;
  while (got < 100)
    if (dequeue(&Q, &v)) { s += v; got++; }
  printf("%ld\n", s);
  return NULL;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  return 0;
}
