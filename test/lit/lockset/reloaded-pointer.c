// reloaded-pointer: at -O0 `lock(&acc[i]->m); acc[i]->n++` loads acc[i]
// twice, so the lock is relative to one load and the access to another.
// A load of the address an earlier, dominating load read, with only lock
// acquisitions and stores to local slots between, reads the same pointer
// in a race-free execution: its base is the earlier load. Race-free: an
// element's object through its pointer slot, and a pointer field of a
// global (`g.conn->m`). Racy: the thread changes the slot between
// (through a call), and the index changes between.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-module-states=20000 2>&1 | %FileCheck %s --check-prefix=WARN --allow-empty
#include <pthread.h>
#include <stdlib.h>

struct account {
  pthread_mutex_t m;
  long n;
};

struct account *acc[2];
struct {
  struct account *conn;
} g;

void *mover(void *arg) {
  for (int k = 0; k < 10; k++)
    for (int i = 0; i < 2; i++) {
      pthread_mutex_lock(&acc[i]->m);
      acc[i]->n++;
      pthread_mutex_unlock(&acc[i]->m);
      pthread_mutex_lock(&g.conn->m);
      g.conn->n--;
      pthread_mutex_unlock(&g.conn->m);
    }
  return arg;
}

void rotate(void) {
  struct account *t = acc[0];
  acc[0] = acc[1];
  acc[1] = t;
}

void *slot_changed(void *arg) {
  pthread_mutex_lock(&acc[0]->m);
  rotate();
  acc[0]->n = 0;
  pthread_mutex_unlock(&acc[1]->m);
  return arg;
}

void *index_changed(void *arg) {
  for (int i = 0; i < 1; i++) {
    pthread_mutex_lock(&acc[i]->m);
    i++;
    acc[i]->n = 1;
    pthread_mutex_unlock(&acc[i - 1]->m);
  }
  return arg;
}

int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 2; i++) {
    acc[i] = calloc(1, sizeof *acc[i]);
    pthread_mutex_init(&acc[i]->m, 0);
  }
  g.conn = acc[0];
  pthread_create(&t[0], 0, mover, 0);
  pthread_create(&t[1], 0, mover, 0);
#ifdef RACY
  pthread_create(&t[2], 0, slot_changed, 0);
  pthread_create(&t[3], 0, index_changed, 0);
#endif
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: mover: write acc[]->n at reloaded-pointer.c:29:{{[0-9]+}} holds {heap@reloaded-pointer.c:65}
// CHECK-DAG: mover: write g.conn->n at reloaded-pointer.c:32:{{[0-9]+}} holds {heap@reloaded-pointer.c:65}
// CHECK-LABEL: candidates:
// CHECK-NEXT: protected-pairs:

// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.racy.ll -DRACY
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=RACY
// RACY-LABEL: candidates:
// RACY-DAG: write at reloaded-pointer.c:29:{{[0-9]+}} in mover {heap@reloaded-pointer.c:65} <-> write at reloaded-pointer.c:47:{{[0-9]+}} in slot_changed {heap@reloaded-pointer.c:65}
// RACY-DAG: write at reloaded-pointer.c:29:{{[0-9]+}} in mover {heap@reloaded-pointer.c:65} <-> write at reloaded-pointer.c:56:{{[0-9]+}} in index_changed {heap@reloaded-pointer.c:65}
// RACY-NOT: in mover {{.*}} <-> {{.*}} in mover

// WARN-NOT: warning:
