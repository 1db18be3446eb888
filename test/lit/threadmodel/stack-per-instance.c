// clang-format off
// stack-per-instance: each worker links two of its own locals into a list
// it allocated for itself and walks it. The locals' addresses reach only
// that worker's own memory: one object per instance, no race between the
// four workers. Racy: a worker publishes a local's address in a global and
// main writes through it (-DPUBLISHED); a worker hands its local to a
// thread of its own (-DHANDED).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DPUBLISHED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PUBLISHED
// RUN: %clang -g -c -DHANDED %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=120 2>&1 | %FileCheck %s --check-prefix=HANDED
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>
#include <stdlib.h>

struct node { struct node *next; int v; };
struct list { struct node *head; };

static void push(struct list *l, struct node *n) {
  n->next = l->head;
  l->head = n;
}

static int sum(struct list *l) {
  int s = 0;
  for (struct node *n = l->head; n; n = n->next)
    s += n->v;
  return s;
}

struct node *last;

static void *bump(void *p) {
  ((struct node *)p)->v++;
  return 0;
}

static void *worker(void *a) {
  struct list *l = malloc(sizeof *l);
  l->head = 0;
  struct node n1, n2;
  n1.v = 1;
  n2.v = 2;
  push(l, &n1);
  push(l, &n2);
#ifdef PUBLISHED
  last = &n1;
#endif
#ifdef HANDED
  pthread_t h;
  pthread_create(&h, 0, bump, &n2);
  n2.v = 3;
  pthread_join(h, 0);
#endif
  int s = sum(l);
  free(l);
  return (void *)(long)s;
}

int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], 0, worker, 0);
#ifdef PUBLISHED
  if (last)
    last->v = 5;
#endif
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return 0;
}
// FREE-NOT: warning:
// MODEL: stack 't' singleton
// PUBLISHED-DAG: stack-per-instance.c:47:8: warning: data race on 'last': write in thread 'worker' conflicts with write in thread 'worker'
// PUBLISHED-DAG: stack-per-instance.c:66:13: warning: data race on 'n1.v': write in thread 'main' conflicts with {{read|write}} in thread 'worker'
// HANDED: stack-per-instance.c:52:8: warning: data race on 'n2.v': write in thread 'worker' conflicts with read in thread 'bump'
// MODEL-DAG: stack 'n1' {{.*}}owned-per-instance-of worker
// MODEL-DAG: stack 'n2' {{.*}}owned-per-instance-of worker
