// clang-format off
// instance-owned through a private local table: the creator keeps each
// worker's record in a local array (`args[i] = a`) to read it after the
// joins. The table never leaves main and what main loads from it is only
// read, written or freed, so each record is still its worker's own: the
// workers do not race on it. Racy: a record loaded back from the table is
// handed to a second thread, so two instances share it.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

#define NT 3
struct targ { int lo, hi; long sum; };

void *worker(void *p) {
  struct targ *a = p;
  long s = 0;
  for (int i = a->lo; i < a->hi; i++)
    s += i;
  a->sum = s;
  return 0;
}

void *sharer(void *p) {
  struct targ *a = p;
  a->sum++;
  return 0;
}

int main(void) {
  pthread_t t[NT], u[NT], extra;
  struct targ *args[NT], *jobs[NT];
  long total = 0;
  for (int i = 0; i < NT; i++) {
    struct targ *a = malloc(sizeof *a);
    a->lo = i * 100;
    a->hi = a->lo + 100;
    args[i] = a;
    pthread_create(&t[i], 0, worker, a);
  }
  for (int i = 0; i < NT; i++) {
    struct targ *j = malloc(sizeof *j);
    j->sum = 0;
    jobs[i] = j;
    pthread_create(&u[i], 0, sharer, j);
  }
  pthread_create(&extra, 0, sharer, jobs[0]);
  for (int i = 0; i < NT; i++) {
    pthread_join(t[i], 0);
    pthread_join(u[i], 0);
  }
  pthread_join(extra, 0);
  for (int i = 0; i < NT; i++) {
    total += args[i]->sum + jobs[i]->sum;
    free(args[i]);
    free(jobs[i]);
  }
  return (int)total;
}

// MODEL-LABEL: objects:
// MODEL-DAG: heap 'heap@instance-owned-table.c:37' {{.*}}owned-per-instance-of worker
// MODEL-DAG: heap 'heap@instance-owned-table.c:44' shared{{$}}

// CHECK-NOT: instance-owned-table.c:{{(21|22)}}:{{[0-9]+}}: warning:
// CHECK: instance-owned-table.c:28:{{[0-9]+}}: warning: data race on field .sum of the heap object allocated at instance-owned-table.c:44: write in thread 'sharer' conflicts with read in thread 'sharer'
// CHECK-NOT: instance-owned-table.c:{{(21|22)}}:{{[0-9]+}}: warning:
