// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define QN 8
#define NJOBS 4
struct job { int x; int prio; int result; };
static struct job *q[QN];
static int qhead, qtail, qcount, done;
static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcv = PTHREAD_COND_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&qm);
    while (qcount == 0 && !done) pthread_cond_wait(&qcv, &qm);
    if (qcount == 0) { pthread_mutex_unlock(&qm); break; }
    struct job *j = q[qhead]; qhead = (qhead + 1) % QN; qcount--;
    pthread_mutex_unlock(&qm);
    j->result = j->x * j->x + j->prio;
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  struct job *jobs[NJOBS];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < NJOBS; i++) {
    struct job *j = malloc(sizeof *j);
    j->x = i; j->prio = 0; j->result = 0;
    jobs[i] = j;
    pthread_mutex_lock(&qm);
    q[qtail] = j; qtail = (qtail + 1) % QN; qcount++;
    pthread_cond_signal(&qcv);
    pthread_mutex_unlock(&qm);
  }
  pthread_mutex_lock(&qm);
  done = 1;
  pthread_cond_broadcast(&qcv);
  pthread_mutex_unlock(&qm);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < NJOBS; i++) { printf("%d\n", jobs[i]->result); free(jobs[i]); }
  return 0;
}
