// clang-format off
// fresh-handover: main allocates a job with job_new() and hands it to
// submit(), which links it into the queue (`j->next = q.head`) before it
// publishes it (`q.head = j`). All jobs are one abstract object, so that
// write met the worker's free() of an earlier job: a possible race. A
// defined function given a still-fresh pointer starts with it fresh even
// if it keeps it: its accesses before it publishes the pointer are
// initialisation. A write after the handover (-DRACY, main sets the job's
// priority after submit) still races.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
//
// FREE-NOT: warning:
// RACY-DAG: fresh-handover.c:[[#@LINE+50]]:13: warning: data race on field .prio of the heap object allocated at fresh-handover.c:[[#@LINE+44]]: write in thread 'main' conflicts with read in thread 'worker'
// RACY-DAG: fresh-handover.c:[[#@LINE+49]]:13: warning: data race on field .prio of the heap object allocated at fresh-handover.c:[[#@LINE+43]]: write in thread 'main' conflicts with write in thread 'worker'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
struct job { int id; int prio; long result; struct job *next; };
struct queue { pthread_mutex_t m; pthread_cond_t cv; struct job *head; int closed; };
static struct queue q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0 };

static struct job *job_new(int id) {
  struct job *j = calloc(1, sizeof *j);
  j->id = id;
  return j;
}

static void submit(struct job *j) {
  pthread_mutex_lock(&q.m);
  j->next = q.head; q.head = j;
  pthread_cond_signal(&q.cv);
  pthread_mutex_unlock(&q.m);
}

static void *worker(void *arg) {
  long *total = arg;
  for (;;) {
    pthread_mutex_lock(&q.m);
    while (!q.head && !q.closed) pthread_cond_wait(&q.cv, &q.m);
    struct job *j = q.head;
    if (j) q.head = j->next;
    pthread_mutex_unlock(&q.m);
    if (!j) break;
    j->result = (long)j->id * j->prio;
    *total += j->result;
    free(j);
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  long total = 0;
  pthread_create(&t, NULL, worker, &total);
  for (int i = 0; i < 4; i++) {
    struct job *j = job_new(i);
#ifndef RACY
    j->prio = 3;
#endif
    submit(j);
#ifdef RACY
    j->prio = 3;
#endif
    usleep(1000);
  }
  pthread_mutex_lock(&q.m);
  q.closed = 1;
  pthread_cond_broadcast(&q.cv);
  pthread_mutex_unlock(&q.m);
  pthread_join(t, NULL);
  printf("total=%ld\n", total >= 0 ? 1L : 0L);
  return 0;
}
