// A locking flag set with setenv in main and read back with getenv.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int use_lock;
static unsigned long requests;

static void *serve(void *arg) {
  (void)arg;
  if (use_lock)
    pthread_mutex_lock(&m);
  requests++;
  if (use_lock)
    pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  setenv("SERVER_LOCKING", "1", 1);
  const char *v = getenv("SERVER_LOCKING");
  use_lock = v != NULL && atoi(v) != 0;
  pthread_t a, b;
  pthread_create(&a, NULL, serve, NULL);
  pthread_create(&b, NULL, serve, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%lu\n", requests);
  return 0;
}
