// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>

struct buf {
  char data[64];
  int len;
};

/* Appends one character and returns the buffer, so calls chain. */
static struct buf *buf_put(struct buf *b, char c) {
  b->data[b->len % 64] = c;
  b->len++;
  return b;
}

static struct buf log_a, log_b; /* each written by one thread only */

static void *worker_a(void *arg) {
  struct buf *b = &log_a;
  for (int i = 0; i < 1000; i++)
    b = buf_put(b, 'a');
  b->len = 0;
  return arg;
}

static void *worker_b(void *arg) {
  struct buf *b = &log_b;
  for (int i = 0; i < 1000; i++)
    b = buf_put(b, 'b');
  b->len = 0;
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker_a, 0);
  pthread_create(&b, 0, worker_b, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d %d\n", log_a.len, log_b.len);
  return 0;
}
