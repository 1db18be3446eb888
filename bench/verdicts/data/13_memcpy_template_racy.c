// Settings copied from a const template with memcpy decide the worker count.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct settings {
  int workers;
  int verbose;
};

static const struct settings defaults = {2, 0};
static long checksum;

static void *hash(void *arg) {
  checksum = checksum * 31 + (long)arg;
  return NULL;
}

int main(void) {
  struct settings s;
  memcpy(&s, &defaults, sizeof s);
  pthread_t t[2];
  for (int i = 0; i < s.workers && i < 2; i++)
    pthread_create(&t[i], NULL, hash, (void *)(long)(i + 7));
  for (int i = 0; i < s.workers && i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", checksum);
  return 0;
}
