// Thread pool: a task's result is written by the worker and read by the
// submitter after it waits on the task's own done flag and condvar.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task {
  int input;
  long result;
  int done;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  struct task *next;
};

static pthread_mutex_t qmu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcv = PTHREAD_COND_INITIALIZER;
static struct task *queue;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&qmu);
  while (!queue)
    pthread_cond_wait(&qcv, &qmu);
  struct task *t = queue;
  queue = t->next;
  pthread_mutex_unlock(&qmu);

  long r = (long)t->input * t->input;
  pthread_mutex_lock(&t->mu);
  t->result = r;
  t->done = 1;
  pthread_cond_signal(&t->cv);
  pthread_mutex_unlock(&t->mu);
  return NULL;
}

static void submit(struct task *t) {
  pthread_mutex_lock(&qmu);
  t->next = queue;
  queue = t;
  pthread_cond_signal(&qcv);
  pthread_mutex_unlock(&qmu);
}

int main(void) {
  pthread_t w;
  pthread_create(&w, NULL, worker, NULL);
  struct task *t = calloc(1, sizeof *t);
  t->input = 7;
  pthread_mutex_init(&t->mu, NULL);
  pthread_cond_init(&t->cv, NULL);
  submit(t);
  pthread_mutex_lock(&t->mu);
  while (!t->done)
    pthread_cond_wait(&t->cv, &t->mu);
  pthread_mutex_unlock(&t->mu);
  printf("result %ld\n", t->result);
  pthread_join(w, NULL);
  free(t);
  return 0;
}
