// Work queue with a shutdown flag: workers drain jobs until shutdown is set.
#include <pthread.h>
#include <stdio.h>

#define NW 2
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int jobs[16];
static int njobs;
static int shutting_down;
static long processed;

static void *worker(void *arg) {
  long mine = 0;
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&mu);
    while (njobs == 0 && !shutting_down)
      pthread_cond_wait(&cv, &mu);
    if (njobs == 0 && shutting_down) {
      pthread_mutex_unlock(&mu);
      break;
    }
    int j = jobs[--njobs];
    pthread_mutex_unlock(&mu);
    mine += j;
  }
  pthread_mutex_lock(&mu);
  processed += mine;
  pthread_mutex_unlock(&mu);
  return NULL;
}

int main(void) {
  pthread_t w[NW];
  for (int i = 0; i < NW; i++)
    pthread_create(&w[i], NULL, worker, NULL);
  for (int i = 0; i < 8; i++) {
    pthread_mutex_lock(&mu);
    jobs[njobs++] = i;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mu);
  }
  pthread_mutex_lock(&mu);
  shutting_down = 1;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&mu);
  for (int i = 0; i < NW; i++)
    pthread_join(w[i], NULL);
  printf("%ld\n", processed);
  return 0;
}
