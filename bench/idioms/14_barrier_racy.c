// EXPECTED: race at lines 13 x 13 -- write data[id] x read data[(id+1)%NT]
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 3
static pthread_barrier_t bar;
static int data[NT];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  data[id] = id * 10;                       /* phase 1: own slot */
  pthread_barrier_wait(&bar);
  data[id] = data[id] + data[(id + 1) % NT]; /*RACE*/ /* bug: writes own slot while neighbour reads it */
  pthread_barrier_wait(&bar);
  return NULL;
}

int main(void) {
  pthread_attr_t at;
  pthread_t t;
  pthread_barrier_init(&bar, NULL, NT + 1);
  pthread_attr_init(&at);
  pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
  for (int i = 0; i < NT; i++) pthread_create(&t, &at, worker, (void *)(intptr_t)i);
  pthread_barrier_wait(&bar);               /* end of phase 1 */
  pthread_barrier_wait(&bar);               /* end of phase 2 */
  for (int i = 0; i < NT; i++) printf("%d\n", data[i]);
  return 0;
}
