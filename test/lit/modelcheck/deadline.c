// clang-format off
// The module's time budget is a deadline for the model checker too: no
// candidate location is started once it has passed. The debug variable
// RACESIFT_DEBUG_MC_DEADLINE_PASSED starts the model checker after it,
// however fast the machine: every location is then reported as not
// examined, with their count (summary warning, SARIF notification, stats),
// and none is confirmed or refuted. With an ample budget the verdicts are
// the usual ones: racy races; before and after are ordered by the create
// and the join, which the MHP layer decides (the model checker refuted
// 'after' before the after-join rule), so 'racy' is the one location.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: env RACESIFT_DEBUG_MC_DEADLINE_PASSED=1 %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -racesift-sarif=%t.sarif -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LATE --implicit-check-not="data race on"
// RUN: %FileCheck %s --check-prefix=LATE-SARIF < %t.sarif
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -racesift-timeout=600 -racesift-sarif=%t.ample.sarif -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=AMPLE --implicit-check-not="possible data race"
// RUN: %FileCheck %s --check-prefix=AMPLE-SARIF < %t.ample.sarif
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int racy, guarded, before, after;

void *worker(void *arg) {
  racy = 1;
  pthread_mutex_lock(&m);
  guarded = 1;
  pthread_mutex_unlock(&m);
  after = before;
  return 0;
}

int main(void) {
  pthread_t t;
  before = 1;
  pthread_create(&t, 0, worker, 0);
  racy = 2;
  pthread_mutex_lock(&m);
  guarded = 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  after = 3;
  return 0;
}

// 'before' is written before the thread exists, 'after' after it is
// joined: the MHP layer orders them.
// LATE: remark: racesift: stats: lockset layer: 4 shared locations, 1 protected pairs, 1 candidate pairs; {{.*}}; MHP layer: 2 pairs ordered
// LATE: remark: racesift: stats: model checker: 0 races, 0 refuted, 1 unknown; 0 states; {{[0-9.]+}}s; 1 location(s) not examined
// LATE: warning: racesift: 1 possible data race(s) not examined within the time budget: 'racy' (deadline.c:{{[0-9]+}}); the SARIF log lists them all; raise the budget with the timeout option

// LATE-SARIF: "text": "1 candidate location(s) were not examined within the time budget (timeout=120s); they are reported as possible data races."
// LATE-SARIF-NOT: were not decided
// LATE-SARIF-NOT: "ruleId": "data-race"
// LATE-SARIF-COUNT-1: "text": "Possible data race on 'racy': {{.*}} (not decided: module time budget exhausted)

// AMPLE: remark: racesift: stats: model checker: 1 races, 0 refuted, 0 unknown; {{[1-9][0-9]*}} states; {{[0-9.]+}}s; 0 location(s) not examined
// AMPLE: warning: {{.*}}deadline.c:{{[0-9]+}}:8: data race on 'racy'
// AMPLE-NOT: not examined within the time budget

// AMPLE-SARIF-NOT: budget-exhausted
// AMPLE-SARIF: "ruleId": "data-race"
// AMPLE-SARIF-NOT: "ruleId"
