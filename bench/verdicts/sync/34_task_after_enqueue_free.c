// Job submission through a mutex/condvar queue: the submitter fills each
// task completely before enqueueing it and never touches it afterwards;
// the worker frees tasks after running them.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job { int kind; int payload; int priority; struct job *next; };
static struct job *head, **tailp = &head;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;

static void enqueue(struct job *j) {
  pthread_mutex_lock(&mu);
  j->next = NULL;
  *tailp = j;
  tailp = &j->next;
  pthread_cond_signal(&nonempty);
  pthread_mutex_unlock(&mu);
}

static void *runner(void *arg) {
  long acc = 0;
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&mu);
    while (!head)
      pthread_cond_wait(&nonempty, &mu);
    struct job *j = head;
    head = j->next;
    if (!head)
      tailp = &head;
    pthread_mutex_unlock(&mu);
    if (j->kind == 0) {
      free(j);
      break;
    }
    acc += (long)j->payload * j->priority;
    free(j);
  }
  printf("%ld\n", acc);
  return NULL;
}

int main(void) {
  pthread_t r;
  pthread_create(&r, NULL, runner, NULL);
  for (int i = 1; i <= 5; i++) {
    struct job *j = malloc(sizeof *j);
    j->kind = 1;
    j->payload = i;
    j->priority = i % 3;
    enqueue(j);
  }
  struct job *stop = calloc(1, sizeof *stop);
  enqueue(stop);
  pthread_join(r, NULL);
  return 0;
}
