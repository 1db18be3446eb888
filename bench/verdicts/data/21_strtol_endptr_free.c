// "version:workers" parsed with strtol and its end pointer; without the
// ':' part the default is two workers.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned crc;

static void *scan(void *arg) {
  crc ^= (unsigned)(long)arg;
  return NULL;
}

int main(void) {
  const char *spec = "3:1";
  char *end;
  long version = strtol(spec, &end, 10);
  long workers = 2;
  if (*end == ':')
    workers = strtol(end + 1, NULL, 10);
  if (workers < 1 || workers > 2)
    return 1;
  pthread_t t[2];
  for (long i = 0; i < workers; i++)
    pthread_create(&t[i], NULL, scan, (void *)(i + version));
  for (long i = 0; i < workers; i++)
    pthread_join(t[i], NULL);
  printf("%u\n", crc);
  return 0;
}
