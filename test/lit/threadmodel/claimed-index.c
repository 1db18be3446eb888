// clang-format off
// claimed-index: workers claim items from an atomic counter that only ever
// grows and write the claimed element of a global array; two claims never
// name one element, so the writes do not race. Not covered, each a race:
// a plain counter (-DPLAIN), a neighbour of the claimed element
// (-DNEIGHBOUR), a counter the program also resets (-DRESET), an access
// wider than the elements (-DWIDE).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not=warning
// RUN: %clang -g -O0 -c -DPLAIN %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PLAIN
// RUN: %clang -g -O0 -c -DNEIGHBOUR %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NEIGHBOUR
// RUN: %clang -g -O0 -c -DRESET %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RESET
// RUN: %clang -g -O0 -c -DWIDE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WIDE
// clang-format on
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#define N 64

static long results[N + 1];
static unsigned char bytes[N + 8];
#ifdef PLAIN
static int next;
#else
static atomic_int next;
#endif

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
#ifdef PLAIN
    int i = next++;
#else
    int i = atomic_fetch_add(&next, 1);
#endif
    if (i >= N)
      break;
    // MODEL: write results[] at claimed-index.c:[[#@LINE+5]]:16 objects {results[]} claimed index [[#KEY:]]
    // PLAIN: claimed-index.c:[[#@LINE+4]]:16: warning: data race on 'results[]': write in thread 'worker' conflicts with write in thread 'worker'
    // NEIGHBOUR: claimed-index.c:[[#@LINE+3]]:16: warning: data race on 'results[]': write in thread 'worker' conflicts with read in thread 'worker'
    // RESET: claimed-index.c:[[#@LINE+2]]:16: warning: possible data race on 'results[]': write in thread 'worker' conflicts with write in thread 'worker'
    // WIDE-NOT: claimed-index.c:[[#@LINE+1]]:16: warning
    results[i] = (long)i * i;
#ifdef NEIGHBOUR
    arg = (void *)results[i + 1];
#endif
#ifdef WIDE
    // WIDE: claimed-index.c:[[#@LINE+1]]:24: warning: data race on 'bytes[]': write in thread 'worker' conflicts with write in thread 'worker'
    *(long *)&bytes[i] = i;
#else
    // MODEL: write bytes[] at claimed-index.c:[[#@LINE+1]]:14 objects {bytes[]} claimed index [[#KEY+1]]
    bytes[i] = (unsigned char)i;
#endif
  }
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (int k = 0; k < 3; k++)
    pthread_create(&t[k], NULL, worker, NULL);
#ifdef RESET
  // Claims start again while the workers run: two may claim one element.
  atomic_store(&next, 0);
#endif
  for (int k = 0; k < 3; k++)
    pthread_join(t[k], NULL);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += results[i] + bytes[i];
  printf("%ld\n", s);
  return 0;
}
// FREE-NOT: warning
