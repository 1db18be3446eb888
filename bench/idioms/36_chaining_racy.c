// EXPECTED: race at lines 23 x 32, 32 x 12 -- both threads reset log_a.len through the chained result; worker_b's reset vs worker_a's read of len in buf_put
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

static struct buf log_a, log_b;

static void *worker_a(void *arg) {
  struct buf *b = &log_a;
  for (int i = 0; i < 1000; i++)
    b = buf_put(b, 'a');
  b->len = 0; /*RACE*/
  return arg;
}

static void *worker_b(void *arg) {
  struct buf *b = &log_b;
  for (int i = 0; i < 1000; i++)
    b = buf_put(b, 'b');
  b = &log_a; /* bug: resets the other thread's buffer */
  b->len = 0; /*RACE*/
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
