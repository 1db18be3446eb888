// Source names of accesses: a pointer loaded through a loaded pointer is
// named along the way ("q->tail->next", not "?"), and a call that covers the
// whole object (free, memset, a struct copy) names the object ("*n", "s"),
// not its first member. A finding on the heap node names the member the
// racing accesses share (".next", not the first member ".val").
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct node {
  int val;
  struct node *next;
};
struct queue {
  pthread_mutex_t lock;
  struct node *head, *tail;
};
struct stats {
  int a, b;
};

struct queue Q = {PTHREAD_MUTEX_INITIALIZER, 0, 0};
struct stats S;

void *producer(void *arg) {
  struct queue *q = &Q;
  struct node *n = malloc(sizeof *n);
  n->val = 1;
  n->next = 0;
  pthread_mutex_lock(&q->lock);
  if (q->tail)
    q->tail->next = n;
  else
    q->head = n;
  q->tail = n;
  pthread_mutex_unlock(&q->lock);
  memset(&S, 0, sizeof S);
  return arg;
}

void *peeker(void *arg) {
  struct queue *q = &Q;
  struct node *n = q->head ? q->head->next : 0;
  free(n);
  return arg;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], 0, producer, 0);
  pthread_create(&t[1], 0, peeker, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return 0;
}

// CHECK-LABEL: accesses:
// CHECK-DAG: write q->tail->next at access-names.c:35:{{[0-9]+}}
// CHECK-DAG: write S at access-names.c:40:{{[0-9]+}}
// CHECK-DAG: read q->head->next at access-names.c:46:{{[0-9]+}}
// CHECK-DAG: write *n at access-names.c:47:{{[0-9]+}}

// WARN-DAG: access-names.c:35:{{[0-9]+}}: warning: {{.*}}data race on field .next of the heap object allocated at access-names.c:30
