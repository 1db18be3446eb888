// A worker's state machine moves a shared state variable under the lock;
// the racy variant's last transition skips the lock.
#include <pthread.h>
#include <stdio.h>

enum state { IDLE, RUNNING, DONE };
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static enum state st = IDLE;

static void step(void) {
  pthread_mutex_lock(&mu);
  switch (st) {
  case IDLE:
    st = RUNNING;
    break;
  case RUNNING:
#ifdef SAFE
    st = DONE;
#endif
    break;
  case DONE:
    break;
  }
  pthread_mutex_unlock(&mu);
#ifndef SAFE
  if (st == RUNNING)
    st = DONE;
#endif
}

static void *worker(void *p) {
  (void)p;
  step();
  step();
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", (int)st);
  return 0;
}
