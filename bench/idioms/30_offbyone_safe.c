// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 4
static long slots[NT + 1];            /* results, terminated by -1 */

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  long acc = 0;
  for (int i = 0; i < 1000; i++) acc += i % (id + 2);
  slots[id] = acc;                    /* own slot only */
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  slots[NT] = -1;                     /* the terminator, before any create */
  for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  long total = 0;
  int n = 0;
  for (; n < NT && slots[n] != -1; n++) total += slots[n];
  printf("%d results, %ld\n", n, total);
  return 0;
}
