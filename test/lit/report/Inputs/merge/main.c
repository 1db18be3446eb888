// main.c: a data race on 'x' between main and its worker.
#include <pthread.h>

int x;

static void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 2;
  pthread_join(t, 0);
  return 0;
}
