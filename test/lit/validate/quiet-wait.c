// clang-format off
// quiet-wait: usleep, sleep and sched_yield, their results ignored, change
// nothing the program reads but errno (on failure), and a module that
// never calls __errno_location reads no errno. The replay took them on
// trust, so a path that died after one proved nothing: every rejected
// interleaving of this reference-counted buffer was "could not be
// replayed", and the model checker gave up the pair of instances instead
// of trying others. Now they are not trust, and the rejections say the
// program cannot take the interleavings. ERRNO reads errno: the sleep is
// trust again. (sums[a->id]: distinct-indices, no warning.)
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DERRNO %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ERRNO --implicit-check-not='warning: data race'
// A search that stops at its state budget says so beside the rejection.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-states=300 2>&1 | %FileCheck %s --check-prefix=BUDGET --implicit-check-not='warning: data race'
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct buf {
  atomic_int ref;
  int len;
  int data[4];
};

static long sums[3];

static void buf_release(struct buf *b) {
  if (atomic_fetch_sub(&b->ref, 1) == 1) {
    b->len = 0;
    free(b);
  }
}

struct arg {
  struct buf *b;
  int id;
};

static void *user(void *p) {
  struct arg *a = p;
  struct buf *b = a->b;
  long s = 0;
  usleep(100 * a->id);
#ifdef ERRNO
  if (errno == EINTR)
    s = -1;
#endif
  for (int i = 0; i < b->len; i++)
    s += b->data[i];
  buf_release(b);
  sums[a->id] = s;
  return NULL;
}

int main(void) {
  struct buf *b = malloc(sizeof *b);
  b->len = 4;
  for (int i = 0; i < 4; i++)
    b->data[i] = i;
  atomic_init(&b->ref, 3);
  pthread_t t[3];
  struct arg args[3];
  for (int i = 0; i < 3; i++) {
    args[i].b = b;
    args[i].id = i;
    pthread_create(&t[i], NULL, user, &args[i]);
  }
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  printf("%ld %ld %ld\n", sums[0], sums[1], sums[2]);
  return 0;
}

// CHECK: quiet-wait.c:33:12: warning: possible data race on field .len of the heap object allocated at quiet-wait.c:60: write in thread 'user' conflicts with write in thread 'user' (not decided: the model checker's interleavings are not ones the program can take: the thread ends before its next step
// CHECK-NOT: sums
// CHECK-NOT: budget
// BUDGET: quiet-wait.c:33:12: warning: possible data race on field .len of the heap object allocated at quiet-wait.c:60: write in thread 'user' conflicts with write in thread 'user' (not decided: the model checker's interleavings are not ones the program can take: the thread ends before its next step (before step of 'user' at quiet-wait.c:33); the state budget ran out before other interleavings were tried)
// ERRNO: quiet-wait.c:33:12: warning: possible data race on field .len of the heap object allocated at quiet-wait.c:60: write in thread 'user' conflicts with write in thread 'user' (not decided: the model checker's interleaving could not be replayed against the program: the thread ends before its next step (before step of 'user' at quiet-wait.c:33), taking 'usleep' on trust)
// ERRNO-NOT: sums
