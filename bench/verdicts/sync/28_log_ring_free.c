// Logging ring buffer: producers append formatted records under a mutex;
// a flusher thread drains them, also under the mutex, and checks the
// pending count through a locked helper.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define RING 16
struct log_ring {
  char rec[RING][48];
  unsigned head, tail;
  unsigned dropped;
  pthread_mutex_t mu;
};
static struct log_ring lr = {.mu = PTHREAD_MUTEX_INITIALIZER};

static void log_msg(int src, int seq) {
  pthread_mutex_lock(&lr.mu);
  if (lr.head - lr.tail == RING)
    lr.dropped++;
  else
    snprintf(lr.rec[lr.head++ % RING], 48, "[%d] event %d", src, seq);
  pthread_mutex_unlock(&lr.mu);
}

static unsigned pending(void) {
  pthread_mutex_lock(&lr.mu);
  unsigned n = lr.head - lr.tail;
  pthread_mutex_unlock(&lr.mu);
  return n;
}

static void *producer(void *arg) {
  for (int i = 0; i < 40; i++)
    log_msg((int)(long)arg, i);
  return NULL;
}

static void *flusher(void *arg) {
  char out[48];
  size_t bytes = 0;
  (void)arg;
  for (int round = 0; round < 200; round++) {
    if (pending() == 0)
      continue;
    pthread_mutex_lock(&lr.mu);
    memcpy(out, lr.rec[lr.tail++ % RING], sizeof out);
    pthread_mutex_unlock(&lr.mu);
    bytes += strlen(out);
  }
  return (void *)bytes;
}

int main(void) {
  pthread_t p1, p2, f;
  pthread_create(&f, NULL, flusher, NULL);
  pthread_create(&p1, NULL, producer, (void *)1L);
  pthread_create(&p2, NULL, producer, (void *)2L);
  pthread_join(p1, NULL);
  pthread_join(p2, NULL);
  pthread_join(f, NULL);
  printf("dropped %u\n", lr.dropped);
  return 0;
}
