// A heap object published through a C11 atomic pointer.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct msg {
  int id;
  char body[16];
};

static _Atomic(struct msg *) mailbox;
static int seen;

static void *producer(void *arg) {
  (void)arg;
  struct msg *m = malloc(sizeof *m);
  m->id = 42;
  m->body[0] = 'h';
  atomic_store_explicit(&mailbox, m, memory_order_relaxed);
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  struct msg *m;
  while (!(m = atomic_load_explicit(&mailbox, memory_order_acquire)))
    ;
  seen = m->id + m->body[0];
  return NULL;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, NULL, consumer, NULL);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  printf("%d\n", seen);
  free(atomic_load(&mailbox));
  return 0;
}
