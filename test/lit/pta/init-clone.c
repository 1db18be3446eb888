// clang-format off
// init-clone: one initialiser that stores a fresh buffer into the queue it
// is given (`q_init(&in); q_init(&out)`, also through pair_init's two
// calls) made every queue's buffer one heap object, so the threads' writes
// to different queues' buffers were possible races. Each outermost call
// now stores an object of its own (named "via" that call); the
// initialiser's own store is dropped, so this needs every call seen: with
// q_init called through a pointer (INDIRECT) the buffers stay one object.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -O0 -S -emit-llvm -DINDIRECT %s -o %t.indirect.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.indirect.ll 2>&1 | %FileCheck %s --check-prefix=INDIRECT
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
//
// PTA-DAG: in put -> {heap@init-clone.c:[[#ALLOC:]] via init-clone.c:[[#IN:]]}
// PTA-DAG: in producer -> {heap@init-clone.c:[[#ALLOC]] via init-clone.c:[[#PAIR:]]}
// PTA-DAG: in consumer -> {heap@init-clone.c:[[#ALLOC]] via init-clone.c:[[#IN+1]]}
// PTA-DAG: in consumer -> {heap@init-clone.c:[[#ALLOC]] via init-clone.c:[[#PAIR]]#2}
// INDIRECT: in producer -> {heap@init-clone.c:[[#ALLOC:]]}
// INDIRECT-NOT: via
// FREE-NOT: warning:
// RACY: warning: data race on 'in.n': write in thread 'producer' conflicts with read in thread 'consumer'
// RACY: warning: data race on an element of the heap object allocated at init-clone.c:[[#ALLOC:]], through the call at init-clone.c:[[#IN:]]: write in thread 'producer' conflicts with write in thread 'consumer'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct queue {
  int *buf;
  int n;
  pthread_mutex_t lock;
};
struct pair {
  struct queue a, b;
};

static void q_init(struct queue *q) {
  int *p = malloc(16 * sizeof(int));
  q->buf = p;
  q->n = 0;
  pthread_mutex_init(&q->lock, 0);
}

static void pair_init(struct pair *p) {
  q_init(&p->a);
  q_init(&p->b);
}

static struct queue in, out;
static struct pair both;

static void put(struct queue *q, int v) {
#ifndef RACY
  pthread_mutex_lock(&q->lock);
#endif
  q->buf[q->n++] = v;
#ifndef RACY
  pthread_mutex_unlock(&q->lock);
#endif
}

static void *producer(void *arg) {
  (void)arg;
  put(&in, 1);
  both.a.buf[0] = 1;
  return 0;
}

static void *consumer(void *arg) {
  (void)arg;
  put(&in, 2);
  out.buf[0] = 2;
  both.b.buf[0] = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
#ifdef INDIRECT
  void (*volatile init)(struct queue *) = q_init;
#else
#define init q_init
#endif
  init(&in);
  init(&out);
  pair_init(&both);
  in.buf[1] = 0;
  pthread_create(&a, 0, producer, 0);
  pthread_create(&b, 0, consumer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d %d %d\n", in.buf[0], out.buf[0], both.a.buf[0] + both.b.buf[0]);
  return 0;
}
