// Workers wait for main to publish the configuration under a mutex and a
// (race-free)
// condition variable; main fills it after starting them.
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;
static struct { int level; char name[16]; } config;
static void *worker(void *arg) {
  long id = (long)arg;
#ifdef RACY
  int early = config.level;
#else
  int early = 0;
#endif
  pthread_mutex_lock(&mu);
  while (!ready)
    pthread_cond_wait(&cv, &mu);
  pthread_mutex_unlock(&mu);
  return (void *)(id + config.level + config.name[0] + early);
}
int main(void) {
  pthread_t t[2];
  for (long k = 0; k < 2; k++)
    pthread_create(&t[k], NULL, worker, (void *)k);
  config.level = 3;
  snprintf(config.name, sizeof config.name, "run");
  pthread_mutex_lock(&mu);
  ready = 1;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&mu);
  for (int k = 0; k < 2; k++)
    pthread_join(t[k], NULL);
  return 0;
}
