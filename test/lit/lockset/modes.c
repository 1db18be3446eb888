// Item 4: modes. A write under a read lock races with a read under the same
// read lock; under the write lock it does not. A recursive mutex is held
// until its last unlock; a spinlock is a lock; SV-COMP atomic sections are
// one global lock.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
#define _GNU_SOURCE
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
pthread_mutex_t rec;
pthread_spinlock_t spin;
int bad_rw, good_rw, nested, after_inner, spun, atomic_var;

void __VERIFIER_atomic_bump(void) { atomic_var++; }

void *worker(void *arg) {
  pthread_rwlock_rdlock(&rw);
  bad_rw = 1;
  (void)good_rw;
  pthread_rwlock_unlock(&rw);
  pthread_mutex_lock(&rec);
  pthread_mutex_lock(&rec);
  pthread_mutex_unlock(&rec);
  nested = 1;
  pthread_mutex_unlock(&rec);
  after_inner = 1;
  pthread_spin_lock(&spin);
  spun = 1;
  pthread_spin_unlock(&spin);
  __VERIFIER_atomic_bump();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rec, &attr);
  pthread_spin_init(&spin, 0);
  pthread_create(&t, 0, worker, 0);
  pthread_rwlock_rdlock(&rw);
  int r = bad_rw;
  pthread_rwlock_unlock(&rw);
  pthread_rwlock_wrlock(&rw);
  good_rw = r;
  pthread_rwlock_unlock(&rw);
  pthread_mutex_lock(&rec);
  nested = 2;
  pthread_mutex_unlock(&rec);
  after_inner = 2;
  pthread_spin_lock(&spin);
  spun = 2;
  pthread_spin_unlock(&spin);
  __VERIFIER_atomic_bump();
  pthread_join(t, 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write bad_rw at modes.c:19:{{[0-9]+}} holds {rw(shared)}
// CHECK-DAG: main: read bad_rw at modes.c:44:{{[0-9]+}} holds {rw(shared)}
// CHECK-DAG: main: write good_rw at modes.c:47:{{[0-9]+}} holds {rw}
// CHECK-DAG: worker: write nested at modes.c:25:{{[0-9]+}} holds {rec}
// CHECK-DAG: worker: write after_inner at modes.c:27:{{[0-9]+}} holds {}
// CHECK-DAG: worker: write spun at modes.c:29:{{[0-9]+}} holds {spin}
// CHECK-DAG: write atomic_var at modes.c:15:{{[0-9]+}} holds {<atomic section>}
// CHECK-LABEL: candidates:
// CHECK-NOT: nested:
// CHECK-NOT: spun:
// CHECK-NOT: atomic_var:
// CHECK-DAG: bad_rw: write at modes.c:19:{{[0-9]+}} in worker {rw(shared)} <-> read at modes.c:44:{{[0-9]+}} in main {rw(shared)}
// CHECK-DAG: after_inner: write at modes.c:27:{{[0-9]+}} in worker {} <-> write at modes.c:52:{{[0-9]+}} in main {}
// CHECK-NOT: nested:
// CHECK-NOT: spun:
// CHECK-NOT: atomic_var:
// CHECK: protected-pairs: 5
