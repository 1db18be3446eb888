// A detached background checksum thread reports through a result field and
// a completion flag (release store); main polls the flag with acquire loads.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static unsigned char blob[4096];
static unsigned checksum;
static atomic_int finished;

static void *bg_checksum(void *arg) {
  (void)arg;
  unsigned c = 0;
  for (int i = 0; i < 4096; i++)
    c = c * 31 + blob[i];
  checksum = c;
  atomic_store_explicit(&finished, 1, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_attr_t attr;
  for (int i = 0; i < 4096; i++)
    blob[i] = (unsigned char)i;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_create(&t, &attr, bg_checksum, NULL);
  pthread_attr_destroy(&attr);
  while (!atomic_load_explicit(&finished, memory_order_acquire))
    usleep(100);
  printf("%u\n", checksum);
  return 0;
}
