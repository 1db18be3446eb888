// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 3
struct config { int scale; int offset; int n; };
static struct config cfg;
static long result[NT];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  int scale = cfg.scale;
  long s = 0;
  for (int i = 0; i < cfg.n; i++) s += (long)i * scale + cfg.offset + id;
  result[id] = s;
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  long sum = 0;
  cfg.scale = 3;               /* config complete before the creates */
  cfg.offset = 1;
  cfg.n = 100;
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < NT; i++) sum += result[i]; /* after the joins */
  printf("%ld\n", sum);
  return 0;
}
