// clang-format off
// instance-owned-handle: a library's `h = lib_init()` allocates a handle
// and starts its I/O thread with it through a helper (`start_threads(h)`,
// ZooKeeper's adaptor_init/do_io), then returns it to the library's
// callers. Each call makes a new handle and one thread for it, so two I/O
// threads never share a handle: the object is owned per instance of
// do_io, and the I/O thread's own counter is no race however often the
// callers call lib_init. Racy variants: an entry that starts a second I/O
// thread on a handle the callers pass back (RESTART, two instances share
// it), and an entry that reads the counter (PEEK, the callers against
// the thread; ownership per instance does not hide the creator's side).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRESTART %s -o %t.restart.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.restart.ll 2>&1 | %FileCheck %s --check-prefix=SHARED
// RUN: %clang -g -c -DRESTART %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RESTART
// RUN: %clang -g -c -DPEEK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PEEK
// clang-format on
#include <pthread.h>
#include <stdlib.h>

struct handle {
  pthread_t io;
  pthread_mutex_t m;
  int io_count;
  int api_count;
};

static void *do_io(void *arg) {
  struct handle *h = arg;
  for (int i = 0; i < 100; ++i)
    h->io_count++;
  return 0;
}

static int start_threads(struct handle *h) {
  return pthread_create(&h->io, 0, do_io, h);
}

struct handle *lib_init(void) {
  struct handle *h = calloc(1, sizeof *h);
  if (!h)
    return 0;
  pthread_mutex_init(&h->m, 0);
  start_threads(h);
  return h;
}

void lib_op(struct handle *h) {
  pthread_mutex_lock(&h->m);
  h->api_count++;
  pthread_mutex_unlock(&h->m);
}

#ifdef RESTART
void lib_restart(struct handle *h) { pthread_create(&h->io, 0, do_io, h); }
#endif

#ifdef PEEK
int lib_peek(struct handle *h) { return h->io_count; }
#endif

// MODEL: heap 'heap@instance-owned-handle.c:42' shared owned-per-instance-of do_io{{$}}
// CLEAN-NOT: warning
// SHARED: heap 'heap@instance-owned-handle.c:42' shared{{$}}
// RESTART: instance-owned-handle.c:33:{{[0-9]+}}: warning: {{(possible )?}}data race on field .io_count of the heap object allocated at instance-owned-handle.c:42
// PEEK: instance-owned-handle.c:{{33|63}}:{{[0-9]+}}: warning: {{(possible )?}}data race on field .io_count of the heap object allocated at instance-owned-handle.c:42: {{.*}}
// PEEK-NOT: write in thread 'do_io' conflicts with {{read|write}} in thread 'do_io'
