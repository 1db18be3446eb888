// clang-format off
// constructor / constructed-part: new_conn() allocates a connection, sets
// up its lock, stores a buffer of its own, its parameter and a global in
// it, and returns it. Each call site gets its own connection and its own
// buffer; a worker given its own connection owns both per instance, so two
// workers that each fill their own buffer do not race. Racy variants: one
// connection for both (-DSHARED), main moving one buffer into the other
// connection (-DMOVED: two connections, one buffer), and a constructor that
// also registers the buffer (-DREGISTERED: not a constructor, so one object
// for every connection).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE
// RUN: %clang -g -c -DSHARED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SHARED
// RUN: %clang -g -c -DMOVED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MOVED
// RUN: %clang -g -c -DREGISTERED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=REGISTERED
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>
#include <stdlib.h>

struct server { int port; };
struct server the_server;
const char *registry[4];

struct conn {
  pthread_mutex_t lock;
  char *buf;
  struct server *srv;
  const char *name;
  int count;
};

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}

static struct conn *new_conn(struct server *srv) {
  struct conn *c = xmalloc(sizeof *c);
  pthread_mutex_init(&c->lock, 0);
  c->buf = xmalloc(64);
  c->srv = srv;
  c->name = "conn";
#ifdef REGISTERED
  registry[0] = c->buf;
#endif
  c->count = 0;
  return c;
}

static void *serve(void *arg) {
  struct conn *c = arg;
  c->count++;
  c->buf[0] = 'x';
  pthread_mutex_lock(&c->lock);
  c->srv->port++;
  pthread_mutex_unlock(&c->lock);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  struct conn *a = new_conn(&the_server);
#ifdef SHARED
  struct conn *b = a;
#else
  struct conn *b = new_conn(&the_server);
#endif
#ifdef MOVED
  b->buf = a->buf;
#endif
  pthread_create(&t1, 0, serve, a);
  pthread_create(&t2, 0, serve, b);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
// The port is reached through two connections' locks: a race in every
// variant (confirmed where the connections differ).
// FREE: constructors.c:57:15: warning: data race on 'the_server.port': write in thread 'serve' conflicts with read in thread 'serve'
// FREE-NOT: warning:
// SHARED-DAG: constructors.c:54:11: warning: data race on field .count of the heap object allocated at constructors.c:64: write in thread 'serve' conflicts with read in thread 'serve'
// SHARED-DAG: constructors.c:55:13: warning: data race on the heap object allocated at constructors.c:42, through the call at constructors.c:64: write in thread 'serve' conflicts with write in thread 'serve'
// MOVED-NOT: .count
// MOVED: constructors.c:55:13: warning: data race on the heap object allocated at constructors.c:42, through the call at constructors.c:64: write in thread 'serve' conflicts with write in thread 'serve'
// MOVED-NOT: .count
// REGISTERED: constructors.c:55:13: warning: possible data race on the heap object allocated at constructors.c:42: write in thread 'serve' conflicts with write in thread 'serve'
// MODEL: heap 'heap@constructors.c:64' singleton owned-per-instance-of serve
// MODEL-NEXT: heap 'heap@constructors.c:42 via constructors.c:64' owned-per-instance-of serve
// MODEL-NEXT: heap 'heap@constructors.c:68' singleton owned-per-instance-of serve
// MODEL-NEXT: heap 'heap@constructors.c:42 via constructors.c:68' owned-per-instance-of serve
