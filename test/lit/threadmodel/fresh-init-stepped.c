// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// fresh-init through a local stored more than once: sqlite3MemMalloc
// writes a size header into a new block and returns the pointer stepped
// past it. At -O0 `p` is a slot stored twice (the allocation, then p++),
// yet it only ever holds pointers into the fresh block, so the header
// write initialises it. A slot that may also hold another pointer is no
// such slot.
// clang-format on
#include <pthread.h>
#include <stdlib.h>

long *hdr_alloc(long n) {
  long *p = malloc(n + sizeof(long));
  if (p) {
    p[0] = n;
    p++;
  }
  return p;
}

long *spare;
long *either(long n) {
  long *p = malloc(n);
  if (n > 8)
    p = spare;
  p[0] = n;
  return p;
}

void *worker(void *arg) {
  hdr_alloc(4);
  either(16);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  hdr_alloc(8);
  either(32);
  pthread_join(t, 0);
  return 0;
}
// CHECK-LABEL: accesses:
// CHECK-NOT: fresh-init-stepped.c:17:
// CHECK: write *p at fresh-init-stepped.c:28:8
// CHECK-NOT: fresh-init-stepped.c:17:
// CHECK-LABEL: function hdr_alloc:
