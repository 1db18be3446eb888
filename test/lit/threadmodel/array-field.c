// clang-format off
// array-field: `s.arr[i]` touches arr's elements, not every field of s
// (an index past arr's bound is undefined behaviour), in a global and in a
// heap object, at -O0 and -O2; also as the struct's last member when it has
// several elements (-DTRAILING_SIZED). Racy: the other thread writes an
// element (-DELEMENT), or the array is the struct's last member of one
// element, the pre-C99 flexible array that code indexes past its bound
// (-DTRAILING).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DTRAILING_SIZED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DELEMENT %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ELEMENT
// RUN: %clang -g -c -DTRAILING %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TRAILING
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>
#include <stdlib.h>

struct S {
  int hdr;
#if defined(TRAILING)
  int tail;
  int arr[1];
#elif defined(TRAILING_SIZED)
  int tail;
  int arr[4];
#else
  int arr[4];
  int tail;
#endif
};
struct S s;
struct S *h;
int idx = 2;

static void *t1(void *p) {
  s.hdr = 1;
  s.tail = 2;
  h->hdr = 1;
#ifdef ELEMENT
  s.arr[2] = 5;
#endif
  return 0;
}

static void *t2(void *p) {
  int i = idx;
  s.arr[i] = 4;
  h->arr[i] = 4;
  return 0;
}

int main(void) {
  pthread_t x, y;
  h = malloc(sizeof *h);
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
// FREE-NOT: warning:
// ELEMENT: array-field.c:41:12: warning: data race on 's.arr[]': write in thread 't1' conflicts with write in thread 't2'
// ELEMENT-NEXT: 41 |
// ELEMENT-NEXT: ^
// ELEMENT-NEXT: array-field.c:48:12: note: conflicting write in thread 't2' here
// TRAILING-DAG: array-field.c:37:9: warning: possible data race on 's': write in thread 't1' conflicts with write in thread 't2'
// TRAILING-DAG: array-field.c:39:10: warning: possible data race on the heap object allocated at array-field.c:55: write in thread 't1' conflicts with write in thread 't2'
// MODEL: A1 write s.hdr at array-field.c:37:9 objects {s}
// MODEL: write s[] at array-field.c:48:12 objects {s.arr[]}
// MODEL: write h[] at array-field.c:49:13 objects {heap@array-field.c:55+12, heap@array-field.c:55+16, heap@array-field.c:55+4, heap@array-field.c:55+8}
