// clang-format off
// index-relative-lock through a local that holds the stripe's number:
// `int li = k % 4; lock(&locks[li]); counts[k] = 0;`. The lock's index
// is a load of `li`, a slot stored once earlier in its block (let-slot):
// its value is that expression of `k`'s load, so the lock and the access
// are functions of one value of `k`, as in `lock(&locks[k % 4])`. Before,
// the auditor's accesses held "some element of locks" and every pair with
// the adders was a candidate (possible races, refuted by the replay).
// With -DRACY the auditor's stripe is another function of k.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %clang -g -O0 -c %s -o /dev/null -DRACY -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <pthread.h>

static pthread_mutex_t locks[4] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long counts[16];

static void add(int k) {
  pthread_mutex_lock(&locks[k % 4]);
  counts[k]++;
  pthread_mutex_unlock(&locks[k % 4]);
}

static long take(int k) {
#ifdef RACY
  int li = (k + 1) % 4;
#else
  int li = k % 4;
#endif
  pthread_mutex_lock(&locks[li]);
  long v = counts[k];
  counts[k] = 0;
  pthread_mutex_unlock(&locks[li]);
  return v;
}

static void *adder(void *arg) {
  for (int r = 0; r < 100; r++)
    add(r % 16);
  return 0;
}

static void *auditor(void *arg) {
  long total = 0;
  for (int k = 0; k < 16; k++)
    total += take(k);
  return (void *)total;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, adder, 0);
  pthread_create(&b, 0, auditor, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: adder: write counts[] at {{.*}}index-relative-let.c:23:{{[0-9]+}} holds {locks[](same index)}
// CHECK-DAG: auditor: read counts[] at {{.*}}index-relative-let.c:34:{{[0-9]+}} holds {locks[](same index)}
// CHECK-DAG: auditor: write counts[] at {{.*}}index-relative-let.c:35:{{[0-9]+}} holds {locks[](same index)}
// CHECK-LABEL: candidates:
// CHECK-NOT: counts
// CHECK: protected-pairs:

// CLEAN-NOT: warning

// RACY: index-relative-let.c:23:12: warning: data race on 'counts[]': write in thread 'adder' conflicts with {{read|write}} in thread 'auditor'
