// Item 2: a trylock holds its lock only on its success edge, however the
// result is tested; a lock taken under a condition is gone at the join.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int eq, ne, bang, stored, timed, failed, cond;
int need;

void *worker(void *arg) {
  if (pthread_mutex_trylock(&m) == 0) {
    eq = 1;
    pthread_mutex_unlock(&m);
  } else {
    failed = 1;
  }
  if (pthread_mutex_trylock(&m) != 0)
    return 0;
  ne = 1;
  pthread_mutex_unlock(&m);
  if (!pthread_mutex_trylock(&m)) {
    bang = 1;
    pthread_mutex_unlock(&m);
  }
  int ret = pthread_mutex_trylock(&m);
  if (ret == 0) {
    stored = 1;
    pthread_mutex_unlock(&m);
  }
  struct timespec ts = {0, 0};
  if (pthread_mutex_timedlock(&m, &ts) == 0) {
    timed = 1;
    pthread_mutex_unlock(&m);
  }
  if (need)
    pthread_mutex_lock(&m);
  cond = 1;
  if (need)
    pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  eq = ne = bang = stored = timed = failed = cond = 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write eq at path-sensitive.c:14:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write failed at path-sensitive.c:17:{{[0-9]+}} holds {}
// CHECK-DAG: worker: write ne at path-sensitive.c:21:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write bang at path-sensitive.c:24:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write stored at path-sensitive.c:29:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write timed at path-sensitive.c:34:{{[0-9]+}} holds {m}
// CHECK-DAG: worker: write cond at path-sensitive.c:39:{{[0-9]+}} holds {}
// CHECK-LABEL: candidates:
// CHECK-NEXT: failed: write at path-sensitive.c:17:{{[0-9]+}} in worker {} <-> write at path-sensitive.c:49:{{[0-9]+}} in main {m}
// CHECK-NEXT: cond: write at path-sensitive.c:39:{{[0-9]+}} in worker {} <-> write at path-sensitive.c:49:{{[0-9]+}} in main {m}
// CHECK-NEXT: protected-pairs: 5
