// A small job queue: main submits jobs, workers run them and count them
// done under the lock; main waits for the count before reading results
// (race-free), or reads one result before waiting (racy).
#include <pthread.h>
#include <stdio.h>

#define JOBS 4
struct job { int in; int out; struct job *next; };
static struct job jobs[JOBS];
static struct job *head;
static int done, stop;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;

static void *worker(void *p) {
  (void)p;
  for (;;) {
    pthread_mutex_lock(&mu);
    while (!head && !stop)
      pthread_cond_wait(&more, &mu);
    if (!head) {
      pthread_mutex_unlock(&mu);
      return NULL;
    }
    struct job *j = head;
    head = j->next;
    pthread_mutex_unlock(&mu);
    j->out = j->in * 2;
    pthread_mutex_lock(&mu);
    done++;
    pthread_cond_signal(&finished);
    pthread_mutex_unlock(&mu);
  }
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  pthread_mutex_lock(&mu);
  for (int i = 0; i < JOBS; i++) {
    jobs[i].in = i;
    jobs[i].next = head;
    head = &jobs[i];
  }
  pthread_cond_broadcast(&more);
  pthread_mutex_unlock(&mu);
#ifndef SAFE
  printf("%d\n", jobs[0].out);
#endif
  pthread_mutex_lock(&mu);
  while (done < JOBS)
    pthread_cond_wait(&finished, &mu);
  stop = 1;
  pthread_cond_broadcast(&more);
  pthread_mutex_unlock(&mu);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", jobs[0].out + jobs[3].out);
  return 0;
}
