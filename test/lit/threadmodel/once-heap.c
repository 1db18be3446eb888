// clang-format off
// once-heap: a routine that only pthread_once calls, always with one once
// control, runs at most once per process, so what it allocates outside a
// loop is one runtime object. The lazily made pool was taken as many
// objects: its lock `p->lock` protected nothing, and the locked updates
// were possible races. With two once controls the routine may run twice
// (-DTWO_CONTROLS): the pool is no singleton then.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -S -emit-llvm -DTWO_CONTROLS %s -o %t2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t2.ll 2>&1 | %FileCheck %s --check-prefix=TWO
//
// SAFE-NOT: warning:
// RACY: once-heap.c:53:16: warning: data race on field .free_slots of the heap object allocated at once-heap.c:32: write in thread 'client' conflicts with
// MODEL: heap 'heap@once-heap.c:32' shared singleton
// TWO: heap 'heap@once-heap.c:32' shared{{$}}
#include <pthread.h>
#include <stdlib.h>

struct pool {
  pthread_mutex_t lock;
  int free_slots;
  long served;
};

static pthread_once_t pool_once = PTHREAD_ONCE_INIT, other_once = PTHREAD_ONCE_INIT;
static struct pool *the_pool;

static void pool_init(void) {
  struct pool *p = malloc(sizeof *p);
  pthread_mutex_init(&p->lock, 0);
  p->free_slots = 8;
  p->served = 0;
  the_pool = p;
}

static struct pool *get_pool(void) {
  pthread_once(&pool_once, pool_init);
#ifdef TWO_CONTROLS
  pthread_once(&other_once, pool_init);
#endif
  return the_pool;
}

static void *client(void *arg) {
  struct pool *p = get_pool();
  pthread_mutex_lock(&p->lock);
  p->served++;
#ifdef RACY
  pthread_mutex_unlock(&p->lock);
  p->free_slots--;
#else
  p->free_slots--;
  pthread_mutex_unlock(&p->lock);
#endif
  return arg;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, client, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return get_pool()->free_slots;
}
