// clang-format off
// At -O1 and above, clang's declare-to-assign runs before RaceSift and
// turns each local's llvm.dbg.declare into assignment markers linked to its
// alloca (assignment tracking). The stack objects lost their source names
// ("stack[8]" for `st.hits`), and the names of the accesses through them
// with them ("byte 4 of the heap object" for `c->state`). Names now come
// from the assignment markers too, and match -O0's.
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
//
// CHECK-DAG: optimized-names.c:29:13: warning: data race on 'st.hits': write in thread 'count' conflicts with {{read|write}} in thread 'count'
// CHECK-DAG: optimized-names.c:46:12: warning: data race on field .state of the heap object allocated at optimized-names.c:43: write in thread 'main' conflicts with {{read|write}} in thread 'serve'
#include <pthread.h>
#include <stdlib.h>

struct stats {
  long misses;
  long hits;
};

struct conn {
  int fd;
  int state;
};

static void *count(void *arg) {
  struct stats *st = arg;
  for (int i = 0; i < 100; i++)
    st->hits++;
  return 0;
}

static void *serve(void *arg) {
  struct conn *c = arg;
  if (c->state == 1)
    c->fd = 0;
  return 0;
}

int main(void) {
  struct stats st = {0, 0};
  pthread_t a, b, s;
  struct conn *c = calloc(1, sizeof *c);
  pthread_create(&s, 0, serve, c);
  pthread_create(&a, 0, count, &st);
  c->state = 1;
  pthread_create(&b, 0, count, &st);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(s, 0);
  return (int)st.hits;
}
