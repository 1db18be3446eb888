// clang-format off
// pointer-flag: a consumer waits until a global pointer is set (`while
// (shared_head == NULL) pthread_cond_wait(...)`), the producer builds a
// list, then publishes it under the mutex. The model checker tracked only
// integer flags, so the wait loop's test was open: the consumer could
// leave it before anything was published, and walk the list while the
// producer still built it. Both variants got the same possible races,
// refuted by the replay ("passes a synchronisation step the interleaving
// does not take"). Now a global pointer that is only loaded, stored and
// tested against NULL is tracked as NULL or not: a NULL store sets it to
// 0, any other store to unknown. With -DRACY the producer writes a node
// after publishing: confirmed.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <pthread.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

static struct node *shared_head;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg) {
  struct node *head = 0, *tail = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = i;
    n->next = 0;
    if (tail)
      tail->next = n;
    else
      head = n;
    tail = n;
  }
#ifndef RACY
  tail->val = 100;
#endif
  pthread_mutex_lock(&mu);
  shared_head = head;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&mu);
#ifdef RACY
  tail->val = 100;
#endif
  return 0;
}

static void *consumer(void *arg) {
  pthread_mutex_lock(&mu);
  while (shared_head == 0)
    pthread_cond_wait(&cv, &mu);
  struct node *h = shared_head;
  pthread_mutex_unlock(&mu);
  long sum = 0;
  for (; h; h = h->next)
    sum += h->val;
  return (void *)sum;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}

// MODEL: data V0 shared_head memory initially 0
// MODEL: assume shared_head == 0 at pointer-flag.c:53:3
// MODEL-NEXT: assume shared_head != 0 at pointer-flag.c:53:3
// MODEL: assign shared_head := ? at pointer-flag.c:42:15

// FREE-NOT: warning

// RACY: pointer-flag.c:46:13: warning: data race on field .val of the heap object allocated at pointer-flag.c:29: write in thread 'producer' conflicts with read in thread 'consumer'
