// low_extended.c: four shared variables, none protected by a lock. Whether
// each one races depends only on the order of thread creation and join.
//
// Expected verdicts:
//   'config' - no race: main writes it before it creates the worker.
//   'result' - no race: main reads it after it has joined the worker.
//   'status' - data race: main reads it while the worker may write it.
//   'request' - data race: main writes it while the worker may read it.
// A lockset analysis alone flags all four; the model checker refutes the
// first two.
#include <pthread.h>
#include <stdio.h>

int config;
int result;
int status;
int request;

static void *worker(void *arg) {
  int c = config;
  int r = request;
  status = 1;
  result = c + r;
  return NULL;
}

int main(void) {
  pthread_t t;
  config = 7;
  pthread_create(&t, NULL, worker, NULL);
  request = 3;
  printf("status %d\n", status);
  pthread_join(t, NULL);
  printf("result %d\n", result);
  return 0;
}
