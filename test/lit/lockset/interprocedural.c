// Item 1: must-held locks across calls. Lock and unlock wrappers, a lock
// taken in a callee and released by its caller, and a helper called with
// and without the lock (two contexts, only the unlocked one a candidate).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int wrapped, released_by_caller, helped, recursive;

void enter(void) { pthread_mutex_lock(&m); }
void leave(void) { pthread_mutex_unlock(&m); }
void acquire_only(void) { pthread_mutex_lock(&m); }

void helper(void) { helped++; }

void descend(int n) {
  recursive = n;
  if (n > 0)
    descend(n - 1);
}

void *worker(void *arg) {
  enter();
  wrapped = 1;
  leave();
  acquire_only();
  released_by_caller = 1;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  helper();
  descend(3);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  enter();
  wrapped = 2;
  released_by_caller = 2;
  recursive = 2;
  leave();
  helper();
  pthread_join(t, 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write wrapped at interprocedural.c:25:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write released_by_caller at interprocedural.c:28:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write helped at interprocedural.c:15:{{[0-9]+}} holds {m}
// CHECK-DAG: main: write helped at interprocedural.c:15:{{[0-9]+}} holds {}
// CHECK-DAG: worker: write recursive at interprocedural.c:18:{{[0-9]+}} holds {m}
// CHECK-DAG: main: write wrapped at interprocedural.c:41:{{[0-9]+}} holds {m}
// CHECK-LABEL: candidates:
// CHECK-NOT: wrapped:
// CHECK-NOT: released_by_caller:
// CHECK-NOT: recursive:
// helped++ reads and writes: main's unlocked call races with the worker.
// CHECK: helped: {{.*}} in main {} <-> {{.*}} in worker {m}
// CHECK-NOT: wrapped:
// CHECK-NOT: released_by_caller:
// CHECK-NOT: recursive:
// CHECK: protected-pairs:
