// clang-format off
// instance-owned, returned: a worker that gives its record back as its
// result lets it go only to the thread that joins it (thread-results), so
// the record stays its instance's own; the thread-per-client idiom. A
// worker whose template joins threads itself may receive another
// instance's record: not owned. Before, any return was an escape, and the
// workers of a race-free server raced on each other's records.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct client {
  int fd;
  long served;
};
static pthread_t first;

static void *serve(void *p) {
  struct client *c = p;
  c->served += c->fd;
  return c;
}

// Joins the first relay and returns its own record: a relay may hold
// another relay's record.
static void *relay(void *p) {
  struct client *c = p;
  void *r;
  if (c->fd)
    pthread_join(first, &r);
  c->served++;
  return c;
}

int main(void) {
  pthread_t t[2], u[2];
  struct client *cs[2];
  for (int i = 0; i < 2; i++) {
    struct client *c = calloc(1, sizeof *c);
    c->fd = 10 + i;
    cs[i] = c;
    pthread_create(&t[i], NULL, serve, c);
  }
  for (int i = 0; i < 2; i++) {
    struct client *c = calloc(1, sizeof *c);
    c->fd = i;
    pthread_create(&u[i], NULL, relay, c);
    if (i == 0)
      first = u[0];
  }
  void *r;
  pthread_join(t[0], &r);
  // Racy: the second worker may still be serving.
  long x = cs[1]->served;
  pthread_join(t[1], NULL);
  pthread_join(u[1], NULL);
  printf("%ld\n", x);
  return 0;
}

// MODEL: heap 'heap@instance-owned-returned.c:42' shared owned-per-instance-of serve
// MODEL: heap 'heap@instance-owned-returned.c:48' shared{{$}}

// CHECK-NOT: in thread 'serve' conflicts with {{read|write}} in thread 'serve'
// CHECK: instance-owned-returned.c:23:13: warning: data race on field .served of the heap object allocated at instance-owned-returned.c:42: write in thread 'serve' conflicts with read in thread 'main'
// CHECK: instance-owned-returned.c:57:19: note: conflicting read in thread 'main' here
// CHECK-NOT: in thread 'serve' conflicts with {{read|write}} in thread 'serve'
