// A load ratio parsed with atof; above 0.5 a second balancer starts.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int moved;

static void *balance(void *arg) {
  (void)arg;
  moved += 3;
  return NULL;
}

int main(void) {
  double ratio = atof("0.25");
  pthread_t a, b;
  pthread_create(&a, NULL, balance, NULL);
  if (ratio > 0.5)
    pthread_create(&b, NULL, balance, NULL);
  pthread_join(a, NULL);
  if (ratio > 0.5)
    pthread_join(b, NULL);
  printf("%d\n", moved);
  return 0;
}
