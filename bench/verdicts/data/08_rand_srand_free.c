// rand() seeded with a constant decides whether a second writer starts.
// glibc: srand(1); rand() == 1804289383 (odd).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int histogram[4];

static void *fill(void *arg) {
  int bucket = (int)(long)arg;
  histogram[bucket] += 1;
  return NULL;
}

int main(void) {
  srand(1);
  int coin = rand() % 2;
  pthread_t a, b;
  pthread_create(&a, NULL, fill, (void *)0L);
  int second = coin == 0;
  if (second)
    pthread_create(&b, NULL, fill, (void *)0L); /* same bucket */
  pthread_join(a, NULL);
  if (second)
    pthread_join(b, NULL);
  printf("%d\n", histogram[0]);
  return 0;
}
