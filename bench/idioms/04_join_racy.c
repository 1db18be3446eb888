// EXPECTED: race at lines 11 x 19 -- 11 write, 19 read
#include <pthread.h>
#include <stdio.h>
static int config_scale;
static long result;

static void *worker(void *arg) {
  (void)arg;
  long acc = 0;
  for (int i = 0; i < 100; i++) acc += i * config_scale;
  result = acc; /*RACE*/
  return NULL;
}

int main(void) {
  pthread_t t;
  config_scale = 3;               /* init before create */
  pthread_create(&t, NULL, worker, NULL);
  printf("%ld\n", result); /*RACE*/ /* bug: read before join */
  pthread_join(t, NULL);
  return 0;
}
