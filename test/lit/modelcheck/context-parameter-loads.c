// clang-format off
// context-parameter-loads: put(q) writes q->buf[...], through a pointer
// loaded from what its parameter points to. With two queues (each with a
// buffer of its own, init-clone) and put(&in) in one thread, put(&out) in
// the other, each queue's lock is one object per call but two to the
// lockset layer, so the writes to in's buffer were a possible race with
// the other thread's writes to out's. The model checker now drops, per
// call, an access whose loaded pointer cannot reach the location's object
// there (what the load reads from the argument's objects); a real race on
// in's buffer (RACY) stays confirmed.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
//
// MODEL: write q->buf[] at context-parameter-loads.c:[[#BUF:]]:20 objects {{.*}} via what parameter 1 points to
// FREE-NOT: warning:
// RACY: context-parameter-loads.c:[[#BUF:]]:20: warning: data race on an element of the heap object allocated at {{.*}}: write in thread 'producer' conflicts with write in thread 'consumer'
// RACY: note: conflicting write in thread 'consumer' here
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct queue {
  pthread_mutex_t lock;
  int *buf;
  int n;
};

static void q_init(struct queue *q) {
  pthread_mutex_init(&q->lock, 0);
  q->buf = calloc(64, sizeof(int));
  q->n = 0;
}

static void put(struct queue *q, int v) {
  pthread_mutex_lock(&q->lock);
  if (q->n < 64)
    q->buf[q->n++] = v;
  pthread_mutex_unlock(&q->lock);
}

static struct queue in, out;

static void *producer(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++)
    put(&in, i);
  return 0;
}

static void *consumer(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++)
    put(&out, i);
#ifdef RACY
  in.buf[0] = 5;
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  q_init(&in);
  q_init(&out);
  pthread_create(&a, 0, producer, 0);
  pthread_create(&b, 0, consumer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d %d\n", in.buf[0], out.buf[0]);
  return 0;
}
