// No library call at all: a ratio compared with a double threshold
// decides whether a second balancer starts.
#include <pthread.h>
#include <stdio.h>

static int moved;
static double threshold = 0.5;

static void *balance(void *arg) {
  (void)arg;
  moved += 3;
  return NULL;
}

int main(void) {
  double ratio = 0.25;
  int two = ratio > threshold;
  pthread_t a, b;
  pthread_create(&a, NULL, balance, NULL);
  if (two)
    pthread_create(&b, NULL, balance, NULL);
  pthread_join(a, NULL);
  if (two)
    pthread_join(b, NULL);
  printf("%d\n", moved);
  return 0;
}
