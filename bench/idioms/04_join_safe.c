// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
static int config_scale;
static long result;

static void *worker(void *arg) {
  (void)arg;
  long acc = 0;
  for (int i = 0; i < 100; i++) acc += i * config_scale;
  result = acc;
  return NULL;
}

int main(void) {
  pthread_t t;
  config_scale = 3;               /* init before create */
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  printf("%ld\n", result);        /* read after join */
  return 0;
}
