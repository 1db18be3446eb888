// clang-format off
// element-owned through a heap array: `a = malloc(n * sizeof *a)` in a
// local stored once, then `&a[i]` handed to thread i, as thread pools and
// argon2's thr_data[l] do. The local always holds the one array, so the
// rule of element-owned.c applies to the heap object. Each way of breaking
// a condition leaves the array to the model checker (as in
// element-owned.c, the elements of nb[] and sw[] meet at no address: the
// replay says so), and a real race stays one.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>
#define N 4
struct arg { int id; long result; };

void *worker(void *p) {
  struct arg *a = p;
  a->result = a->id * 2L;
  return 0;
}

// Reaches into the next element.
void *neighbour(void *p) {
  struct arg *a = p;
  a[1].result = a->id;
  return 0;
}

// main writes the element after handing it over.
void *late_worker(void *p) {
  struct arg *a = p;
  a->result = a->id;
  return 0;
}

// The local is given a second array half-way: the rule needs one store.
void *swap_worker(void *p) {
  struct arg *a = p;
  a->result = a->id;
  return 0;
}

int main(void) {
  pthread_t t[N], u[N], v[N], w[N];
  struct arg *args = malloc(N * sizeof *args);
  for (int i = 0; i < N; i++) {
    args[i].id = i;
    pthread_create(&t[i], 0, worker, &args[i]);
  }
  struct arg *nb = calloc(N + 1, sizeof *nb);
  for (int i = 0; i < N; i++) {
    nb[i].id = i;
    pthread_create(&u[i], 0, neighbour, &nb[i]);
  }
  struct arg *late = malloc(N * sizeof *late);
  for (int i = 0; i < N; i++) {
    pthread_create(&v[i], 0, late_worker, &late[i]);
    late[i].id = i;
  }
  struct arg *sw = malloc(N * sizeof *sw);
  for (int i = 0; i < N; i++) {
    if (i == 2)
      sw = malloc(N * sizeof *sw);
    sw[i].id = i;
    pthread_create(&w[i], 0, swap_worker, &sw[i]);
  }
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += args[i].result;
  return (int)sum;
}

// MODEL-LABEL: objects:
// MODEL-DAG: heap 'heap@element-owned-heap.c:46' shared singleton owned-per-instance-of worker
// MODEL-DAG: heap 'heap@element-owned-heap.c:51' shared singleton{{$}}
// MODEL-DAG: heap 'heap@element-owned-heap.c:56' shared singleton owned-per-instance-of late_worker
// MODEL-DAG: heap 'heap@element-owned-heap.c:61' shared singleton{{$}}

// CHECK-NOT: race on {{.*}}heap object allocated at element-owned-heap.c:46
// CHECK-DAG: warning: possible data race on {{.*}}heap object allocated at element-owned-heap.c:51
// CHECK-DAG: element-owned-heap.c:59:16: warning: data race on field .id of an element of the heap object allocated at element-owned-heap.c:56: write in thread 'main' conflicts with read in thread 'late_worker'
// CHECK-DAG: warning: possible data race on {{.*}}heap object allocated at element-owned-heap.c:61
// CHECK-NOT: race on {{.*}}heap object allocated at element-owned-heap.c:46
