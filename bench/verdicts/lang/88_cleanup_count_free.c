// Workers count themselves in a cleanup handler when cancelled: cancelled
#define SAFE 1
// in usleep they hold no lock there (racy); cancelled in pthread_cond_wait
// the mutex is theirs again (race-free).
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long finished;
static int ready, queue_len = 5;

static void on_cancel(void *arg) {
  (void)arg;
  finished++;
  pthread_mutex_unlock(&mu);
}

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
  pthread_cleanup_push(on_cancel, NULL);
#ifdef SAFE
  while (!ready)
    pthread_cond_wait(&cv, &mu);
#else
  while (queue_len > 0) {
    queue_len--;
    pthread_mutex_unlock(&mu);
    usleep(100);
    pthread_mutex_lock(&mu);
  }
#endif
  pthread_cleanup_pop(1);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  usleep(200);
  for (int i = 0; i < 2; i++)
    pthread_cancel(t[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", finished);
  return 0;
}
