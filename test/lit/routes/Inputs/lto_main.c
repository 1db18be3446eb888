// The main half of a program whose race is only visible whole: the
// worker lives in lto_worker.c.
#include <pthread.h>
#include <stdio.h>

int hits;
void *worker(void *arg);

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  hits++;
  pthread_join(t, NULL);
  printf("%d\n", hits);
  return 0;
}
