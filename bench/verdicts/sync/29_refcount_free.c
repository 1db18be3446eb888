// Reference-counted buffer: atomic refcount, last release frees it.
// Two threads each own a reference and drop it when finished.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct buf {
  atomic_int refs;
  int len;
  int data[32];
};

static struct buf *buf_new(void) {
  struct buf *b = malloc(sizeof *b);
  atomic_init(&b->refs, 1);
  b->len = 32;
  for (int i = 0; i < 32; i++)
    b->data[i] = i;
  return b;
}
static void buf_ref(struct buf *b) {
  atomic_fetch_add_explicit(&b->refs, 1, memory_order_relaxed);
}
static void buf_unref(struct buf *b) {
  if (atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1) {
    b->len = 0;
    free(b);
  }
}

static void *consume(void *arg) {
  struct buf *b = arg;
  long s = 0;
  for (int i = 0; i < b->len; i++)
    s += b->data[i];
  buf_unref(b);
  return (void *)s;
}

int main(void) {
  pthread_t a, c;
  struct buf *b = buf_new();
  buf_ref(b);
  pthread_create(&a, NULL, consume, b);
  pthread_create(&c, NULL, consume, b);
  pthread_join(a, NULL);
  pthread_join(c, NULL);
  return 0;
}
