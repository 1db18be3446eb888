// Per-thread partial sums in an array indexed by the thread id passed as
// the argument; main combines them after joining.
#include <pthread.h>
#include <stdio.h>

#define NT 4
#define PER 1000
static int data[NT * PER];
static long partial[NT];

static void *sum_part(void *arg) {
  int id = (int)(long)arg;
  int slot = id % NT;
  for (int i = id * PER; i < (id + 1) * PER; i++)
    partial[slot] += data[i];
  return NULL;
}

int main(void) {
  pthread_t t[NT];
  for (int i = 0; i < NT * PER; i++)
    data[i] = i & 15;
  for (long i = 0; i < NT; i++)
    pthread_create(&t[i], NULL, sum_part, (void *)i);
  long total = 0;
  for (int i = 0; i < NT; i++) {
    pthread_join(t[i], NULL);
    total += partial[i];
  }
  printf("%ld\n", total);
  return 0;
}
