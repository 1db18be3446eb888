// clang-format off
// A constant index through a loaded pointer names the element, not the
// byte: `r.buf[1]` on an int buffer is element 1 (byte 4), `r.pts[2].y`
// is member y of element 2 (byte 20). Where the pointer's type does not
// say how big an element is (`void *`), the offset is said in bytes.
// The warning names the element of the heap object the pointer reaches,
// not a member of the struct the pointer is kept in. Before, the byte
// offset was printed as an index ('r.buf[4]'), as "field .buf[4] of the
// heap object".
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN
#include <pthread.h>
#include <stdlib.h>

struct pt { int x, y; };
struct ring { int *buf; struct pt *pts; void *raw; };
static struct ring r;

void *worker(void *arg) {
  r.buf[1] = 1;
  r.pts[2].y = 3;
  ((char *)r.raw)[6] = 1;
  r.pts->x = 4;
  return 0;
}

int main(void) {
  pthread_t t;
  r.buf = malloc(8 * sizeof(int));
  r.pts = malloc(4 * sizeof(struct pt));
  r.raw = malloc(16);
  pthread_create(&t, 0, worker, 0);
  int a = r.buf[1] + r.pts[2].y + ((char *)r.raw)[6] + r.pts[0].x;
  pthread_join(t, 0);
  return a;
}

// CHECK: write r.buf[1] at {{.*}}element-names.c:21:12 objects {heap@element-names.c:30+4}
// CHECK: write r.pts[2].y at {{.*}}element-names.c:22:14 objects {heap@element-names.c:31+20}
// CHECK: write (char *)r.raw+6 at {{.*}}element-names.c:23:22 objects {heap@element-names.c:32+6}
// CHECK: write r.pts->x at {{.*}}element-names.c:24:12 objects {heap@element-names.c:31}

// WARN-DAG: element-names.c:21:12: warning: data race on element [1] of the heap object allocated at element-names.c:30:
// WARN-DAG: element-names.c:22:14: warning: data race on element [2].y of the heap object allocated at element-names.c:31:
// WARN-DAG: element-names.c:23:22: warning: data race on byte 6 of the heap object allocated at element-names.c:32:
// WARN-DAG: element-names.c:24:12: warning: data race on field .x of the heap object allocated at element-names.c:31:
