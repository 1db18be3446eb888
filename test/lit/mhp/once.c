// clang-format off
// The MHP layer's once rule (issue 22): pthread_once(&c, init) returns
// after the one run of c's init routine, so what init (and the helpers
// only it calls) writes is ordered with every access made after a
// pthread_once on c returned, and the body's accesses with each other.
// Racy variants keep their race, with both lines: LATEWRITE writes the
// data outside the body, BEFORE reads it before the pthread_once, TWOCTL
// runs init under a second control too (a second run, in main, while the
// workers read). RESET sets the control back (init may run again): the
// rule refuses the control, but the model checker, whose once controls
// are never reset, refutes the race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not="race on"
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not="race on"
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not="race on"
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DLATEWRITE %s -o %t.late.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t.late.ll 2>&1 | %FileCheck %s --check-prefix=OPT --implicit-check-not="race on"
// RUN: %clang -g -O0 -c -DLATEWRITE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LATE --implicit-check-not="race on"
// RUN: %clang -g -O0 -c -DBEFORE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=BEFORE --implicit-check-not="race on"
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DTWOCTL %s -o %t.two.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.two.ll 2>&1 | %FileCheck %s --check-prefix=MHP-TWO
// RUN: %clang -g -O0 -c -DTWOCTL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TWO
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRESET %s -o %t.reset.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.reset.ll 2>&1 | %FileCheck %s --check-prefix=MHP-RESET
#include <pthread.h>

int config, limit;
pthread_once_t once = PTHREAD_ONCE_INIT, other = PTHREAD_ONCE_INIT;

static void set_limit(void) { limit = config * 2; }
static void init(void) {
  config = 7;
  set_limit();
}

void *worker(void *arg) {
#ifdef BEFORE
  int seen = config;
#else
  int seen = 0;
#endif
  pthread_once(&once, init);
  return (void *)(long)(seen + config + limit);
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
#ifdef LATEWRITE
  config = 1;
#endif
#ifdef TWOCTL
  pthread_once(&other, init);
#endif
#ifdef RESET
  once = (pthread_once_t)PTHREAD_ONCE_INIT;
#endif
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// MHP: once controls: once
// MHP-NEXT: once body of once: init
// MHP-NEXT: once body of once: set_limit
// MHP-NEXT: after once:
// MHP-NEXT: read config at once.c:44:32 in worker: after once
// MHP-NEXT: read limit at once.c:44:41 in worker: after once
// MHP-TWO: once controls: once other
// MHP-TWO-NOT: once body
// MHP-RESET: not a once control: once: written at once.c:58: it may run its routine again
// MHP-RESET: after once:
// MHP-RESET-NOT: read

// OK: MHP layer: 5 pairs ordered (before-threads 0, after-join 0, once 5)
// OK: decided: MHP layer 5 pairs ordered; lockset layer 0 pairs protected, 0 pairs at 0 locations left; model checker 0 locations racing
// OK: model checker: 0 races, 0 refuted, 0 unknown

// The write outside the body races with the body's write and the reads.
// LATE: once.c:52:10: warning: data race on 'config': write in thread 'main' conflicts with read in thread 'worker'
// LATE: once.c:31:39: note: conflicting read in thread 'worker' here
// LATE: once.c:52:10: warning: data race on 'config': write in thread 'main' conflicts with write in thread 'worker'
// LATE: once.c:33:10: note: conflicting write in thread 'worker' here
// LATE: once.c:52:10: warning: data race on 'config': write in thread 'main' conflicts with read in thread 'worker'
// LATE: once.c:44:32: note: conflicting read in thread 'worker' here
// OPT: warning: {{.*}}once.c:52:10: data race on 'config': write in thread 'main' conflicts with read in thread 'worker'
// OPT: warning: {{.*}}once.c:52:10: data race on 'config': write in thread 'main' conflicts with write in thread 'worker'
// OPT-NEXT: note: {{.*}}once.c:33:10: conflicting write in thread 'worker' here
// OPT: warning: {{.*}}once.c:52:10: data race on 'config': write in thread 'main' conflicts with read in thread 'worker'
// BEFORE: once.c:33:10: warning: data race on 'config': write in thread 'worker' conflicts with read in thread 'worker'
// BEFORE: once.c:39:14: note: conflicting read in thread 'worker' here
// TWO: once.c:33:10: warning: data race on 'config': write in thread 'main' conflicts with write in thread 'worker'
// TWO: once.c:33:10: warning: data race on 'config': write in thread 'main' conflicts with read in thread 'worker'
// TWO: once.c:44:32: note: conflicting read in thread 'worker' here
