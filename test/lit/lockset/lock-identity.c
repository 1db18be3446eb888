// Item 3: lock identity. A global lock; a lock in a field of a global
// struct; 'o->lock' protecting 'o->count' for every heap object 'o' may
// point to; `&locks[i]` names no single lock (array-elements): held relative
// to its address, it protects `slots[i]` for one `i` (index-relative-lock).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

struct obj {
  pthread_mutex_t lock;
  int count;
  int other;
};

struct obj global_obj = {PTHREAD_MUTEX_INITIALIZER, 0, 0};
pthread_mutex_t locks[4];
int slots[4];

void *worker(void *arg) {
  struct obj *o = arg;
  pthread_mutex_lock(&o->lock);
  o->count++;
  pthread_mutex_unlock(&o->lock);
  o->other = 1;
  pthread_mutex_lock(&global_obj.lock);
  global_obj.count = 1;
  pthread_mutex_unlock(&global_obj.lock);
  int i = rand() % 4;
  pthread_mutex_lock(&locks[i]);
  slots[i] = 1;
  pthread_mutex_unlock(&locks[i]);
  return 0;
}

int main(void) {
  pthread_t t[2];
  struct obj *o = malloc(sizeof *o);
  pthread_mutex_init(&o->lock, 0);
  for (int k = 0; k < 2; ++k)
    pthread_create(&t[k], 0, worker, o);
  pthread_mutex_lock(&global_obj.lock);
  global_obj.count = 2;
  pthread_mutex_unlock(&global_obj.lock);
  for (int k = 0; k < 2; ++k)
    pthread_join(t[k], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// The relative lock is named after the object it may be (the heap site).
// CHECK-DAG: worker: write o->count at lock-identity.c:23:{{[0-9]+}} holds {heap@lock-identity.c:38}
// CHECK-DAG: worker: write o->other at lock-identity.c:25:{{[0-9]+}} holds {}
// CHECK-DAG: worker: write global_obj.count at lock-identity.c:27:{{[0-9]+}} holds {global_obj{{(.lock)?}}}
// CHECK-DAG: main: write global_obj.count at lock-identity.c:43:{{[0-9]+}} holds {global_obj{{(.lock)?}}}
// CHECK-DAG: worker: write slots{{.*}} at lock-identity.c:31:{{[0-9]+}} holds {locks[](same index)}
// CHECK-LABEL: candidates:
// Two workers run at once: o->other races, o->count and slots[i] do not.
// CHECK-NOT: count
// CHECK-NOT: slots
// CHECK-DAG: {{.*}}: write at lock-identity.c:25:{{[0-9]+}} in worker {} <-> write at lock-identity.c:25:{{[0-9]+}} in worker {}
// CHECK-NOT: count
// CHECK-NOT: slots
// CHECK: protected-pairs:
// CHECK: unresolved-locks: 0
