// clang-format off
// Mutual exclusion from atomics without a lock word (issue 20). A ticket
// lock: fetch_add hands each thread its ticket (a snapshot of next), and
// the wait compares two snapshots, `atomic_load(&serving) != my` (an
// Assume of two variables). Peterson's algorithm with seq_cst atomics: the
// `&&` of the wait is a branch on an i1 phi, threaded through its
// predecessors as Assume edges. Both protect x. Racy variants: the ticket
// holder (TICKET with EARLY) serves the next ticket before its write;
// Peterson (PETERSON with WRONGTURN) gives the turn to itself.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DTICKET %s -o %t.ticket.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ticket.ll 2>&1 | %FileCheck %s --check-prefix=TM-TICKET
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ticket.ll 2>&1 | %FileCheck %s --check-prefix=MC-SAFE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DPETERSON %s -o %t.peterson.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.peterson.ll 2>&1 | %FileCheck %s --check-prefix=TM-PETERSON
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.peterson.ll 2>&1 | %FileCheck %s --check-prefix=MC-SAFE
// RUN: %clang -g -O0 -c -DTICKET %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DTICKET %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DPETERSON %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DPETERSON %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DTICKET -DEARLY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=EARLY
// RUN: %clang -g -O0 -c -DPETERSON -DWRONGTURN %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=WRONGTURN
// RUN: %clang -g -O2 -c -DPETERSON -DWRONGTURN %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=WRONGTURN
#include <pthread.h>
#include <stdatomic.h>

int x;

#ifdef TICKET
atomic_int next, serving;

void *worker(void *arg) {
  int my = atomic_fetch_add(&next, 1);
  while (atomic_load(&serving) != my)
    ;
#ifdef EARLY
  atomic_fetch_add(&serving, 1);
  x++;
#else
  x++;
  atomic_fetch_add(&serving, 1);
#endif
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
#else
atomic_int flag0, flag1, turn;

#ifdef WRONGTURN
#define OTHER0 0
#else
#define OTHER0 1
#endif

void *t0(void *arg) {
  atomic_store(&flag0, 1);
  atomic_store(&turn, OTHER0);
  while (atomic_load(&flag1) == 1 && atomic_load(&turn) == 1)
    ;
  x++;
  atomic_store(&flag0, 0);
  return 0;
}

void *t1(void *arg) {
  atomic_store(&flag1, 1);
  atomic_store(&turn, 0);
  while (atomic_load(&flag0) == 1 && atomic_load(&turn) == 0)
    ;
  x++;
  atomic_store(&flag1, 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x;
}
#endif

// TM-TICKET: function worker:
// TM-TICKET: atomic next@32 := next, next := next + 1 at {{.*}}atomics-protocols.c:32:12
// TM-TICKET: atomic serving@33 := serving at {{.*}}atomics-protocols.c:33:10
// TM-TICKET-DAG: assume serving@33 != next@32 at
// TM-TICKET-DAG: assume serving@33 == next@32 at

// TM-PETERSON: function t0:
// TM-PETERSON: assign flag0 := 1 at {{.*}}atomics-protocols.c:63:3
// TM-PETERSON: assign turn := 1 at {{.*}}atomics-protocols.c:64:3
// TM-PETERSON: atomic flag1@65 := flag1 at
// TM-PETERSON-DAG: assume flag1@65 != 1 at
// TM-PETERSON-DAG: assume flag1@65 == 1 at
// TM-PETERSON-DAG: assume turn@65 == 1 at
// TM-PETERSON-DAG: assume turn@65 != 1 at

// MC-SAFE: x: refuted

// SAFE: model checker: 0 races, {{[1-9]}} refuted, 0 unknown

// EARLY: atomics-protocols.c:37:4: warning: data race on 'x': write in thread 'worker' conflicts with
// EARLY-NOT: warning:

// WRONGTURN: atomics-protocols.c:67:4: warning: data race on 'x': write in thread 't0' conflicts with {{read|write}} in thread 't1'
// WRONGTURN: atomics-protocols.c:77:4: note: conflicting
// WRONGTURN-NOT: warning:
