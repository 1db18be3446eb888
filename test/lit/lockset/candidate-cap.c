// Candidates per location are capped: 'hits' is written at 6 places by a
// thread with many instances, which makes 21 unprotected pairs on one
// location. The first 16 in source order are candidates and the rest are
// counted; the lockset-only report names the location once and counts the
// other pairs. The pairs of 'guarded' are all protected.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-layers=lockset -racesift-stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=REPORT
#include <pthread.h>

int hits, guarded;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  hits = 1;
  hits = 2;
  hits = 3;
  hits = 4;
  hits = 5;
  hits = 6;
  pthread_mutex_lock(&m);
  guarded = 1;
  guarded = 2;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}

// CHECK-LABEL: candidates:
// CHECK-COUNT-16: {{^}}  hits: write at {{.*}}candidate-cap.c:{{1[5-9]|20}}:{{.*}} <-> write at {{.*}}candidate-cap.c:{{1[5-9]|20}}:
// CHECK-NEXT: {{^}}  hits: 5 more unprotected pair(s)
// CHECK-NEXT: protected-pairs: 3
// CHECK-NOT: guarded

// REPORT: lockset layer: 2 shared locations, 3 protected pairs, 21 candidate pairs
// REPORT: warning: {{.*}}candidate-cap.c:15:8: possible data race on 'hits'
// REPORT: note: {{.*}}20 more unprotected access pair(s) on 'hits'
// REPORT-NOT: possible data race
