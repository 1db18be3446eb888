// clang-format off
// member-array-elements: `&st.counts[k]` handed to a helper pointed to
// every field of st (the points-to analysis took a variable index into a
// member array as AnyOffset), so bump()'s write through it conflicted with
// totaller's write of st.total: a false possible race. The index selects
// one of the array's elements, as C's bounds keep it; a real race on an
// element (RACY) stays confirmed.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
//
// PTA: %0 in bump -> {st, st+12, st+4, st+8}
// FREE-NOT: warning:
// RACY: member-array-elements.c:[[#@LINE+12]]:32: warning: data race on 'st.counts[]': write in thread 'counter' conflicts with read in thread 'totaller'
#include <pthread.h>
#include <stdio.h>

struct stats {
  int counts[4];
  int total;
  pthread_mutex_t lock;
};

static struct stats st;

static void bump(int *p) { (*p)++; }

static void *counter(void *arg) {
  int k = *(int *)arg;
  pthread_mutex_lock(&st.lock);
  bump(&st.counts[k % 4]);
  pthread_mutex_unlock(&st.lock);
  return 0;
}

static void *totaller(void *arg) {
  (void)arg;
#ifdef RACY
  st.counts[1]++;
#endif
  st.total = 42;
  return 0;
}

int main(void) {
  pthread_t a, b;
  int k = 1;
  pthread_mutex_init(&st.lock, 0);
  pthread_create(&a, 0, counter, &k);
  pthread_create(&b, 0, totaller, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d %d\n", st.counts[1], st.total);
  return 0;
}
