// clang-format off
// SV-COMP atomic sections that synchronise through data (issue 20). A
// comparison's result kept in a local is tracked (`ok = !busy` and
// `mine = (busy == 0)`: an Assign of a comparison), so the claim made in
// the section guards the write after it. __VERIFIER_assume blocks until
// its condition holds; at the start of a __VERIFIER_atomic_ function it
// guards the section's lock, so the section is entered only when it holds
// (ASSUME). Racy variants: the flag is tested before the section (CHECK),
// a thread writes without acquiring (ROGUE).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DNOT %s -o %t.not.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.not.ll 2>&1 | %FileCheck %s --check-prefix=TM-SECTION
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.not.ll 2>&1 | %FileCheck %s --check-prefix=MC-SAFE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DASSUME %s -o %t.assume.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.assume.ll 2>&1 | %FileCheck %s --check-prefix=TM-ASSUME
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.assume.ll 2>&1 | %FileCheck %s --check-prefix=MC-SAFE
// RUN: %clang -g -O0 -c -DNOT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DNOT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DMINE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DMINE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DASSUME %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DASSUME %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DNOT -DCHECK %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=CHECK-RACE
// RUN: %clang -g -O0 -c -DMINE -DCHECK %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=CHECK-RACE
// RUN: %clang -g -O0 -c -DASSUME -DROGUE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=ROGUE
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __VERIFIER_assume(int);

int busy, lk, x;

#if defined(NOT) || defined(MINE)
#ifdef NOT
#define CLAIM(ok) ok = !busy
#else
#define CLAIM(ok) ok = (busy == 0)
#endif
void *worker(void *arg) {
  int ok;
#ifdef CHECK
  CLAIM(ok);
  __VERIFIER_atomic_begin();
#else
  __VERIFIER_atomic_begin();
  CLAIM(ok);
#endif
  if (ok)
    busy = 1;
  __VERIFIER_atomic_end();
  if (ok) {
    x++;
    __VERIFIER_atomic_begin();
    busy = 0;
    __VERIFIER_atomic_end();
  }
  return 0;
}
#else
void __VERIFIER_atomic_acquire(void) {
  __VERIFIER_assume(lk == 0);
  lk = 1;
}
void __VERIFIER_atomic_release(void) {
  __VERIFIER_assume(lk == 1);
  lk = 0;
}
void *worker(void *arg) {
#ifndef ROGUE
  __VERIFIER_atomic_acquire();
#endif
  x++;
#ifndef ROGUE
  __VERIFIER_atomic_release();
#endif
  return 0;
}
#endif

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return x;
}

// TM-SECTION: function worker:
// TM-SECTION: lock <atomic section>
// TM-SECTION: assign ok := (busy == 0) at {{.*}}atomic-sections.c:46:3
// TM-SECTION-DAG: assume ok != 0
// TM-SECTION-DAG: assume ok == 0

// TM-ASSUME: function __VERIFIER_atomic_acquire:
// TM-ASSUME: assume lk == 0 at {{.*}}atomic-sections.c:61:3
// TM-ASSUME: assign lk := 1
// TM-ASSUME: function worker:
// TM-ASSUME: lock <atomic section> when lk == 0 at {{.*}}atomic-sections.c:70:3
// TM-ASSUME-NEXT: call __VERIFIER_atomic_acquire
// TM-ASSUME-NEXT: unlock <atomic section>

// MC-SAFE: x: refuted

// SAFE: model checker: 0 races, {{[1-9]}} refuted, 0 unknown

// CHECK-RACE: atomic-sections.c:52:6: warning: data race on 'x': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'

// ROGUE: atomic-sections.c:72:4: warning: data race on 'x': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
