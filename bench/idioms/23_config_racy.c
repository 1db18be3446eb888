// EXPECTED: race at lines 26 x 12 -- 26 main writes cfg.scale after the creates, 12 workers read it
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 3
struct config { int scale; int offset; int n; };
static struct config cfg;
static long result[NT];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  int scale = cfg.scale; /*RACE*/
  long s = 0;
  for (int i = 0; i < cfg.n; i++) s += (long)i * scale + cfg.offset + id;
  result[id] = s;
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  long sum = 0;
  cfg.scale = 2;
  cfg.offset = 1;
  cfg.n = 100;
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  cfg.scale = 3; /*RACE*/ /* bug: reconfigures while the workers read cfg */
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < NT; i++) sum += result[i];
  printf("%ld\n", sum);
  return 0;
}
