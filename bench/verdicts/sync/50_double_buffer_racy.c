// A writer fills the back buffer and swaps it in under a lock; a reader
#define RACY 1
// takes the front pointer under the lock and reads it outside. The writer
// only writes the buffer it does not publish... until it reuses it.
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int bufs[2][8];
static int *front = bufs[0];
static int readers_done;
static void *reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
  int *p = front;
  pthread_mutex_unlock(&mu);
  long s = 0;
  for (int i = 0; i < 8; i++)
    s += p[i];
  pthread_mutex_lock(&mu);
  readers_done = 1;
  pthread_mutex_unlock(&mu);
  return (void *)s;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, reader, NULL);
  int *back = bufs[1];
  for (int i = 0; i < 8; i++)
    back[i] = i;
  pthread_mutex_lock(&mu);
  front = back;
  pthread_mutex_unlock(&mu);
#ifdef RACY
  // Reuses the buffer it just published while the reader may read it.
  back[0] = 99;
#endif
  pthread_join(t, NULL);
  printf("%d\n", readers_done);
  return 0;
}
