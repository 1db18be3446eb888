// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSTATIC_POOL %s -o %t2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t2.ll 2>&1 | %FileCheck %s --check-prefix=POOL
// fresh-init under allocator-contract: zstd's pool allocates its context
// through ZSTD_customCalloc, which returns the caller's custom allocator's
// result (memset to zero) or calloc's. Such a call site was not exactly its
// object (alloc-hook), so the context's initialisation before
// pthread_create hands it to the workers counted as shared accesses, and a
// library's callers, which may run pool_create any number of times, raced
// with every worker on every field. A custom allocator returns memory no one
// else uses, like malloc: the initialisation and the allocator's memset are
// not modelled; the write after the creation is. An allocator the module
// shows handing out a static object (-DSTATIC_POOL) is no allocator. A C
// library call's write into the object (snprintf) initialises it too.
// clang-format on
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  void *(*alloc)(void *, size_t);
  void *opaque;
} Mem;

typedef struct {
  pthread_mutex_t m;
  int n, lim;
  int *q;
  pthread_t *t;
  Mem mem;
  char name[16];
} Pool;

static void *xcalloc(size_t n, Mem m) {
  if (m.alloc) {
    void *p = m.alloc(m.opaque, n);
    // POOL-DAG: write *p at fresh-init-custom-alloc.c:[[#@LINE+1]]:5 objects {one,
    memset(p, 0, n);
    return p;
  }
  return calloc(1, n);
}

static void *worker(void *arg) {
  Pool *p = arg;
  pthread_mutex_lock(&p->m);
  int x = p->n + p->q[0] + p->lim + p->name[0];
  pthread_mutex_unlock(&p->m);
  return (void *)(long)x;
}

void pool_free(Pool *p);

#ifdef STATIC_POOL
static Pool one;
static void *static_alloc(void *o, size_t n) { return &one; }
#endif

Pool *pool_create(int k, Mem mem) {
#ifdef STATIC_POOL
  mem.alloc = static_alloc;
#endif
  // CHECK: heap 'heap@fresh-init-custom-alloc.c:[[#ALLOC:@LINE+1]]'
  Pool *p = xcalloc(sizeof(Pool), mem);
  if (!p)
    return NULL;
  // Nothing of the initialisation, of the allocator's memset either.
  // CHECK-NOT: write p->
  // CHECK-NOT: write *p
  // POOL-DAG: write p->n at fresh-init-custom-alloc.c:[[#@LINE+1]]:8 objects {heap@fresh-init-custom-alloc.c:[[#@LINE-6]]+40, one.n}
  p->n = 4;
  p->q = xcalloc(p->n * sizeof(int), mem);
  // A C library call's write initialises the object as a store does.
  // POOL-DAG: write p->name[] at fresh-init-custom-alloc.c:[[#@LINE+1]]:3
  snprintf(p->name, sizeof p->name, "pool%d", k);
  if (pthread_mutex_init(&p->m, NULL)) {
    pool_free(p);
    return NULL;
  }
  p->t = xcalloc(k * sizeof(pthread_t), mem);
  for (int i = 0; i < k; i++)
    // CHECK: read p->t at fresh-init-custom-alloc.c:[[#@LINE+1]]:
    if (pthread_create(&p->t[i], NULL, worker, p)) {
      pool_free(p);
      return NULL;
    }
  // CHECK-NOT: write *p at
  // CHECK: write p->lim at fresh-init-custom-alloc.c:[[#@LINE+1]]:10 objects {heap@fresh-init-custom-alloc.c:[[#ALLOC]]+44}
  p->lim = k;
  // CHECK: write p->name[] at fresh-init-custom-alloc.c:[[#@LINE+1]]:3
  snprintf(p->name, sizeof p->name, "pool%d!", k);
  return p;
}

void pool_free(Pool *p) {
  pthread_mutex_lock(&p->m);
  // CHECK: write p->n at fresh-init-custom-alloc.c:[[#@LINE+1]]:8 objects {heap@fresh-init-custom-alloc.c:{{[0-9]+}}+40, memory passed by the library's callers+40} via parameter 1
  p->n = 0;
  pthread_mutex_unlock(&p->m);
  free(p->q);
  free(p->t);
  free(p);
}
