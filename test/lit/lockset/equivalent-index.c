// equivalent-index: at -O0 every `a[i]` is a GEP of its own load of `i`, so
// `lock(&a[i].m); a[i].n++` takes a lock relative to one GEP and writes
// through another. A GEP with the same shape as a dominating one, whose
// index slots are not stored to between the two, computes the same address
// and takes its place as the access's base. Race-free: the element's own
// lock through repeated `a[i]`, `p[i % 4]`, `b[i][j]`, and a call between.
// Racy: another index (`a[j]`), the index changed between (on one path), the
// index changed through a pointer to it (its address escapes: not a plain
// slot), and `a[i++]` (the index stored between its load and the GEP).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-module-states=20000 2>&1 | %FileCheck %s --check-prefix=WARN
#include <pthread.h>
#include <stdlib.h>

struct slot {
  pthread_mutex_t m;
  int n;
};

struct slot slots[4];
struct slot grid[2][2];
struct slot *heap;
int flag;

void touch(void) {}
void bump(int *k) { ++*k; }

void *same_index(void *arg) {
  for (int i = 0; i < 4; i++) {
    pthread_mutex_lock(&slots[i].m);
    slots[i].n++;
    touch();
    slots[i].n += 2;
    pthread_mutex_unlock(&slots[i].m);
  }
  return arg;
}

void *through_param(struct slot *p) {
  for (int i = 0; i < 8; i++) {
    pthread_mutex_lock(&p[i % 4].m);
    if (flag)
      p[i % 4].n = 0;
    else
      p[i % 4].n++;
    pthread_mutex_unlock(&p[i % 4].m);
  }
  return 0;
}

void *heap_worker(void *arg) { return through_param(heap); }

void *two_dims(void *arg) {
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      pthread_mutex_lock(&grid[i][j].m);
      grid[i][j].n++;
      pthread_mutex_unlock(&grid[i][j].m);
    }
  return arg;
}

void *other_index(void *arg) {
  for (int i = 0, j = 1; i < 4; i++, j = (j + 1) % 4) {
    pthread_mutex_lock(&slots[i].m);
    slots[j].n = 5;
    pthread_mutex_unlock(&slots[i].m);
  }
  return arg;
}

void *index_changed(void *arg) {
  for (int i = 0; i < 3; i++) {
    pthread_mutex_lock(&slots[i].m);
    if (flag)
      i++;
    slots[i].n = 6;
    pthread_mutex_unlock(&slots[i].m);
  }
  return arg;
}

void *index_escapes(void *arg) {
  for (int i = 0; i < 3; i++) {
    pthread_mutex_lock(&grid[0][i % 2].m);
    bump(&i);
    grid[0][i % 2].n = 7;
    pthread_mutex_unlock(&grid[0][i % 2].m);
  }
  return arg;
}

void *post_increment(void *arg) {
  int i = 0;
  pthread_mutex_lock(&slots[i++].m);
  slots[i].n = 8;
  pthread_mutex_unlock(&slots[i - 1].m);
  return arg;
}

int main(void) {
  pthread_t t[8];
  heap = calloc(4, sizeof *heap);
  for (int i = 0; i < 4; i++) {
    pthread_mutex_init(&slots[i].m, 0);
    pthread_mutex_init(&heap[i].m, 0);
    pthread_mutex_init(&grid[i / 2][i % 2].m, 0);
  }
  void *(*routines[7])(void *) = {same_index,    heap_worker,   two_dims,
                                  other_index,   index_changed, index_escapes,
                                  post_increment};
  for (int k = 0; k < 8; k++)
    pthread_create(&t[k], 0, routines[k % 7], 0);
  for (int k = 0; k < 8; k++)
    pthread_join(t[k], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: same_index: write slots[] at equivalent-index.c:32:{{[0-9]+}} holds {slots[]}
// CHECK-DAG: same_index: write slots[] at equivalent-index.c:34:{{[0-9]+}} holds {slots[]}
// CHECK-DAG: heap_worker: write p[] at equivalent-index.c:44:{{[0-9]+}} holds {heap@equivalent-index.c:104[]}
// CHECK-DAG: heap_worker: write p[] at equivalent-index.c:46:{{[0-9]+}} holds {heap@equivalent-index.c:104[]}
// CHECK-DAG: two_dims: write grid[] at equivalent-index.c:58:{{[0-9]+}} holds {grid[]}
// CHECK-LABEL: candidates:
// Only the racy writes are candidates, each against every other write.
// CHECK-NOT: heap_worker
// CHECK-NOT: same_index {slots[]} <-> {{.*}} in same_index
// CHECK-NOT: two_dims {grid[]} <-> {{.*}} in two_dims
// CHECK-DAG: slots[].n: write at equivalent-index.c:32:{{[0-9]+}} in same_index {slots[]} <-> write at equivalent-index.c:67:{{[0-9]+}} in other_index
// CHECK-DAG: slots[].n: write at equivalent-index.c:34:{{[0-9]+}} in same_index {slots[]} <-> write at equivalent-index.c:78:{{[0-9]+}} in index_changed
// CHECK-DAG: slots[].n: write at equivalent-index.c:67:{{[0-9]+}} in other_index {slots[]} <-> write at equivalent-index.c:67:{{[0-9]+}} in other_index
// CHECK-DAG: slots[].n: write at equivalent-index.c:78:{{[0-9]+}} in index_changed {slots[]} <-> write at equivalent-index.c:78:{{[0-9]+}} in index_changed
// CHECK-DAG: grid[].n: write at equivalent-index.c:58:{{[0-9]+}} in two_dims {grid[]} <-> write at equivalent-index.c:88:{{[0-9]+}} in index_escapes
// CHECK-DAG: slots[].n: write at equivalent-index.c:34:{{[0-9]+}} in same_index {slots[]} <-> write at equivalent-index.c:97:{{[0-9]+}} in post_increment
// CHECK-NOT: heap_worker
// CHECK-NOT: same_index {slots[]} <-> {{.*}} in same_index
// CHECK-NOT: two_dims {grid[]} <-> {{.*}} in two_dims
// CHECK: protected-pairs: 14

// The racy locations are reported (the model checker's module budget decides
// how many of their pairs it examines; a small one keeps its share well inside
// the safety net under sanitizers, so that these checks do not depend on the
// machine); the protected writes only as partners.
// WARN-NOT: equivalent-index.c:{{32|34|44|46|58}}:{{[0-9]+}}: warning:
// WARN-DAG: equivalent-index.c:67:{{[0-9]+}}: warning: {{.*}}data race on 'slots[].n'
// WARN-DAG: equivalent-index.c:88:{{[0-9]+}}: warning: {{.*}}data race on 'grid[].n'
// Possible races name the locks the lockset layer saw held (an element's).
// WARN-DAG: equivalent-index.c:67:{{[0-9]+}}: note: 'other_index' holds {slots[]}; 'same_index' holds {slots[]}
// WARN-DAG: equivalent-index.c:88:{{[0-9]+}}: note: 'index_escapes' holds {grid[]}; 'two_dims' holds {grid[]}
// WARN-NOT: equivalent-index.c:{{32|34|44|46|58}}:{{[0-9]+}}: warning:
