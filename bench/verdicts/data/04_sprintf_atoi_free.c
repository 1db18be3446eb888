// A count printed into a buffer with sprintf and read back with atoi.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static double total;

static void *accumulate(void *arg) {
  total += *(double *)arg;
  return NULL;
}

int main(void) {
  char buf[16] = "2";
  int requested = 1;
  sprintf(buf, "%d", requested);
  int n = atoi(buf);
  double w[2] = {1.5, 2.5};
  pthread_t t[2];
  for (int i = 0; i < n && i < 2; i++)
    pthread_create(&t[i], NULL, accumulate, &w[i]);
  for (int i = 0; i < n && i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%f\n", total);
  return 0;
}
