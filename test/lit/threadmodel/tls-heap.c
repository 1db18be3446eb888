// clang-format off
// tls-confined-heap: a per-thread scratch buffer kept in a thread-local
// pointer (`static __thread char *buf; if (!buf) buf = malloc(64);`) is
// one heap object for every thread's buffer; each thread's writes to its
// own buffer were possible races with the other's. A heap object that
// only non-escaping thread-local globals, private stack slots and itself
// point to, that no creation is handed and no function without a body is
// given a holder of, is thread-local now (as errno's object). Published
// to a global (PUBLISH), or handed to a new thread (HANDOFF), it is not.
// Thread-specific data (TSD) is the calling thread's too: what
// pthread_setspecific keeps is a thread-local object, where before the
// value escaped to every thread.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %clang -g -O0 -c -DTSD %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %clang -g -O0 -c -DPUBLISH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PUBLISH
// RUN: %clang -g -O0 -c -DHANDOFF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=HANDOFF
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef PUBLISH
static char *last;
#endif

#ifdef TSD
static pthread_key_t key;
static char *scratch(void) {
  char *b = pthread_getspecific(key);
  if (!b) {
    b = malloc(64);
    pthread_setspecific(key, b);
  }
  return b;
}
#else
static __thread char *scratch_buf;
static char *scratch(void) {
  if (!scratch_buf)
    scratch_buf = malloc(64);
  return scratch_buf;
}
#endif

static void *worker(void *arg) {
  long n = 0;
#ifdef HANDOFF
  char *b = arg;
  b[0] = 'x';
#else
  (void)arg;
#endif
  for (int i = 0; i < 8; i++) {
    char *b = scratch();
    snprintf(b, 64, "item %d", i);
    n += b[0];
#ifdef PUBLISH
    last = b;
#endif
  }
  return (void *)n;
}

int main(void) {
  pthread_t a, b;
#ifdef TSD
  pthread_key_create(&key, free);
#endif
#ifdef HANDOFF
  char *mine = scratch();
  pthread_create(&a, NULL, worker, mine);
  mine[0] = 'y';
#else
  pthread_create(&a, NULL, worker, NULL);
#endif
  pthread_create(&b, NULL, worker, NULL);
#ifdef PUBLISH
  if (last)
    last[0] = 'z';
#endif
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}

// The buffer is no shared object, and no access to it is modelled.
// CHECK-NOT: heap@tls-heap.c:41
// NONE-NOT: warning:
// PUBLISH: warning: {{.*}}data race on the heap object allocated at tls-heap.c:41
// HANDOFF: warning: {{.*}}data race on the heap object allocated at tls-heap.c:41
