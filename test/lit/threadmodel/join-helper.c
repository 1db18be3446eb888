// clang-format off
// join-loop through a helper: `join_all(t, 4)` joins every handle main's
// create loop stored, so the read after the call is ordered after every
// worker's write. The helper is inlined into a copy of main for the proof;
// the JoinAll follows the call. EARLY: the helper may return before its
// loop (it does, with n = 4): the race is real and confirmed. PARTIAL: it
// joins all but the last handle: still reported.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
// RUN: %clang -g -O0 -c -DEARLY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DPARTIAL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <pthread.h>

static int results[4];

static void *work(void *p) {
  long i = (long)p;
  results[i] = (int)i + 1;
  return 0;
}

static void join_all(pthread_t *t, int n) {
#ifdef EARLY
  if (n > 3)
    return;
#endif
#ifdef PARTIAL
  for (int i = 0; i < n - 1; i++)
#else
  for (int i = 0; i < n; i++)
#endif
    pthread_join(t[i], 0);
}

int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, work, (void *)i);
  join_all(t, 4);
  return results[0] + results[3];
}

// CHECK-LABEL: function main:
// CHECK: call join_all at {{.*}}join-helper.c:40:3
// CHECK-NEXT: join all t[] (every thread of the create at line 39) (may) at {{.*}}join-helper.c:40:3
// CHECK-NEXT: read results[] at {{.*}}join-helper.c:41:10

// SAFE-NOT: data race
// RACE: join-helper.c:19:14: warning: {{(possible )?}}data race on 'results[]': write in thread 'work' conflicts with read in thread 'main'
