// clang-format off
// alloc-hook: an allocation wrapper that returns a custom allocator's
// result (a function pointer, as xz's lzma_alloc and SQLite's sqlite3Malloc
// do) or a fresh object still gives each call site an object of its own,
// plus whatever the custom allocator returns. Two jobs from the wrapper do
// not share memory; with an allocator that hands out one static object
// (-DPOOL) they do, and the race on it is found.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DPOOL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=POOL --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <stdlib.h>

struct allocator {
  void *(*alloc)(void *opaque, size_t size);
  void *opaque;
};

void *my_alloc(size_t size, const struct allocator *a) {
  void *p;
  if (a != NULL && a->alloc != NULL)
    p = a->alloc(a->opaque, size);
  else
    p = malloc(size);
  return p;
}

struct job {
  int count;
};

static struct job pool;
static void *pool_alloc(void *opaque, size_t size) {
  (void)opaque;
  (void)size;
  return &pool;
}

void *worker(void *arg) {
  struct job *j = arg;
  j->count++;
  return 0;
}

int main(void) {
#ifdef POOL
  struct allocator a = {pool_alloc, 0};
  const struct allocator *ap = &a;
#else
  const struct allocator *ap = 0;
#endif
  struct job *j1 = my_alloc(sizeof *j1, ap);
  struct job *j2 = my_alloc(sizeof *j2, ap);
  pthread_t t;
  pthread_create(&t, 0, worker, j1);
  // POOL: alloc-hook.c:[[#@LINE+1]]:13: warning: data race on 'pool.count': write in thread 'main' conflicts with read in thread 'worker'
  j2->count = 5;
#ifdef RACY
  // RACY: alloc-hook.c:[[#@LINE+1]]:13: warning: data race on field .count of the heap object allocated at alloc-hook.c:[[#@LINE-7]]: write in thread 'main' conflicts with read in thread 'worker'
  j1->count = 5;
#endif
  pthread_join(t, 0);
  return 0;
}
// FREE: lockset layer: {{[0-9]+}} shared locations, 0 protected pairs, 0 candidate pairs
