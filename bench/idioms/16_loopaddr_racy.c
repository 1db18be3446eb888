// EXPECTED: race at lines 20 x 10 -- 20 write of i (main's i++), 10 read of *arg (worker)
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define NT 4

/* Each worker should get its own index, but all get &i: main's loop
   increments i while the workers read it through arg. */
static void *worker(void *arg) {
  int id = *(int *)arg; /*RACE*/
  long s = 0;
  for (int k = 0; k < 100; k++) s += k * (id + 1);
  return (void *)(intptr_t)s;
}

int main(void) {
  pthread_t t[NT];
  int i;
  long total = 0;
  for (i = 0; i < NT; i++) /*RACE*/ /* bug: i++ while workers read i */
    pthread_create(&t[i], NULL, worker, &i);
  for (int j = 0; j < NT; j++) {
    void *r;
    pthread_join(t[j], &r);
    total += (long)(intptr_t)r;
  }
  printf("%ld\n", total);
  return 0;
}
