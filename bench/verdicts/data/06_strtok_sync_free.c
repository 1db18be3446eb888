// strtok splits a constant config line; the 'sync' key decides locking.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int locked;
static int samples[8];
static int nsamples;

static void *sampler(void *arg) {
  int v = (int)(long)arg;
  if (locked)
    pthread_mutex_lock(&m);
  if (nsamples < 8)
    samples[nsamples++] = v;
  if (locked)
    pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  char line[] = "name=stats;sync=mutex;level=2";
  for (char *tok = strtok(line, ";"); tok; tok = strtok(NULL, ";")) {
    if (strcmp(tok, "sync=mutex") == 0)
      locked = 1;
  }
  pthread_t a, b;
  pthread_create(&a, NULL, sampler, (void *)1L);
  pthread_create(&b, NULL, sampler, (void *)2L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d samples\n", nsamples);
  return 0;
}
