// Items 1 and 3: relative locks across calls. Lock and unlock wrappers that
// take the object ('obj_lock(o)'), and a helper called with 'o->lock' held,
// keep 'o->lock' correlated with 'o->count' and 'o->hits'; the write after
// 'obj_unlock(o)' holds nothing.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

struct obj {
  pthread_mutex_t lock;
  int count;
  int hits;
  int after;
};

void obj_lock(struct obj *o) { pthread_mutex_lock(&o->lock); }
void obj_unlock(struct obj *o) { pthread_mutex_unlock(&o->lock); }
void bump(struct obj *o) { o->hits++; }

void *worker(void *arg) {
  struct obj *o = arg;
  obj_lock(o);
  o->count++;
  bump(o);
  obj_unlock(o);
  o->after = 1;
  return 0;
}

int main(void) {
  pthread_t t[2];
  struct obj *o = malloc(sizeof *o);
  pthread_mutex_init(&o->lock, 0);
  for (int k = 0; k < 2; ++k)
    pthread_create(&t[k], 0, worker, o);
  for (int k = 0; k < 2; ++k)
    pthread_join(t[k], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write o->hits at relative-wrappers.c:19:{{[0-9]+}} holds {heap@relative-wrappers.c:33}
// CHECK-DAG: worker: write o->count at relative-wrappers.c:24:{{[0-9]+}} holds {heap@relative-wrappers.c:33}
// CHECK-DAG: worker: write o->after at relative-wrappers.c:27:{{[0-9]+}} holds {}
// CHECK-LABEL: candidates:
// CHECK-NEXT: {{.*}}: write at relative-wrappers.c:27:{{[0-9]+}} in worker {} <-> write at relative-wrappers.c:27:{{[0-9]+}} in worker {}
// CHECK-NEXT: protected-pairs: 4
