// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// C11 threads.
#include <threads.h>
mtx_t m, rm;
cnd_t c;
int x;
int worker(void *a) {
  mtx_lock(&m);
  x = 1;
  cnd_signal(&c);
  cnd_broadcast(&c);
  mtx_unlock(&m);
  if (mtx_trylock(&m) == thrd_success)
    mtx_unlock(&m);
  mtx_lock(&rm);
  mtx_unlock(&rm);
  return 0;
}
int main(void) {
  mtx_init(&m, mtx_plain);
  mtx_init(&rm, mtx_plain | mtx_recursive);
  thrd_t t;
  thrd_create(&t, worker, 0);
  mtx_lock(&m);
  while (x == 0)
    cnd_wait(&c, &m);
  mtx_unlock(&m);
  thrd_join(t, 0);
  return 0;
}
// CHECK-LABEL: creations:
// CHECK-NEXT: in main at c11.c:25:3 -> worker handles t
// CHECK-LABEL: function worker:
// CHECK-DAG: lock m at c11.c:10:3
// CHECK-DAG: signal c at c11.c:12:3
// CHECK-DAG: broadcast c at c11.c:13:3
// CHECK-DAG: unlock m at c11.c:14:3
// CHECK-DAG: [[T:N[0-9]+]]: trylock m -> try@15 at c11.c:15:7
// CHECK-DAG: [[T]] -> {{N[0-9]+}}: assume try@15 == 0 at c11.c:15:7
// CHECK-DAG: [[T]] -> {{N[0-9]+}}: assume try@15 != 0 at c11.c:15:7
// CHECK-DAG: lock rm (recursive) at c11.c:17:3
// CHECK-LABEL: function main:
// CHECK-DAG: wait c, m at c11.c:28:5
// CHECK-DAG: assume x == 0 at c11.c:27:3
// CHECK-DAG: join t at c11.c:30:3
