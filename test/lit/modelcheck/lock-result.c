// clang-format off
// A branch on pthread_mutex_lock's result (issue 20): the lock is taken on
// both branches whatever the guard, the result is not tracked data, and
// the access under `== 0` stays protected (lockset layer and model
// checker agree); main's read after the joins, refuted by the model checker
// before, is ordered by the MHP layer's after-join rule now. Already right
// before issue 20: this guards it. Racy variant (AFTER): write after unlock.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=TM
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DAFTER %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=AFTER
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
  if (pthread_mutex_lock(&m) == 0) {
#ifdef AFTER
    pthread_mutex_unlock(&m);
    x++;
#else
    x++;
    pthread_mutex_unlock(&m);
#endif
  }
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return x;
}

// TM: function worker:
// TM-NEXT: N0 -> N1: lock m at {{.*}}lock-result.c:19:7
// TM-NOT: assume
// TM: entry

// SAFE: lockset layer: 1 shared locations, 2 protected pairs, 0 candidate pairs; {{.*}}; MHP layer: 1 pairs ordered
// SAFE: model checker: 0 races, 0 refuted, 0 unknown

// AFTER: lock-result.c:22:6: warning: data race on 'x': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
