#define SAFE 1
// A worker updates a status string with strcpy under the lock; main copies
// it with memcpy under the lock (race-free) or without (racy).
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static char status[32] = "idle";

static void *worker(void *p) {
  (void)p;
  pthread_mutex_lock(&mu);
  strcpy(status, "running");
  pthread_mutex_unlock(&mu);
  return NULL;
}

int main(void) {
  pthread_t t;
  char copy[32];
  pthread_create(&t, NULL, worker, NULL);
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  memcpy(copy, status, sizeof copy);
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
  pthread_join(t, NULL);
  printf("%s\n", copy);
  return 0;
}
