// clang-format off
// Memory orders of the atomics that synchronise (issue 20). Message
// passing through an atomic flag orders the payload when the store is a
// release (or seq_cst) and the load an acquire; a relaxed store or load
// synchronises with nothing (relaxed-unknown: a variable a relaxed atomic
// writes is not tracked, a relaxed load's value is unknown), so the guard
// is non-deterministic and the payload races (a C11 data race). The same
// for a spin lock taken with a relaxed exchange. The explorer itself is
// sequentially consistent (sc-atomics), and so is the witness replay,
// which cannot take these executions: they are possible races.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DST=memory_order_relaxed -DLD=memory_order_acquire %s -o %t.st.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.st.ll 2>&1 | %FileCheck %s --check-prefix=TM-ST
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DST=memory_order_release -DLD=memory_order_relaxed %s -o %t.ld.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ld.ll 2>&1 | %FileCheck %s --check-prefix=TM-LD
// RUN: %clang -g -O0 -c -DST=memory_order_release -DLD=memory_order_acquire %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DST=memory_order_seq_cst -DLD=memory_order_seq_cst %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DST=memory_order_relaxed -DLD=memory_order_acquire %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=HB
// RUN: %clang -g -O0 -c -DST=memory_order_release -DLD=memory_order_relaxed %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DST=memory_order_release -DLD=memory_order_acquire -DLOCK=memory_order_relaxed %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=LOCK
// RUN: %clang -g -O0 -c -DST=memory_order_release -DLD=memory_order_acquire -DLOCK=memory_order_acquire %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SAFE --implicit-check-not=warning:
#include <pthread.h>
#include <stdatomic.h>

atomic_int ready;
int payload;

#ifdef LOCK
atomic_int lk;
int counter;
void *locker(void *arg) {
  while (atomic_exchange_explicit(&lk, 1, LOCK))
    ;
  counter++;
  atomic_store_explicit(&lk, 0, memory_order_release);
  return 0;
}
#endif

void *writer(void *arg) {
  payload = 1;
  atomic_store_explicit(&ready, 1, ST);
  return 0;
}

void *reader(void *arg) {
  while (!atomic_load_explicit(&ready, LD))
    ;
  return (void *)(long)payload;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
#ifdef LOCK
  pthread_t c, d;
  pthread_create(&c, 0, locker, 0);
  pthread_create(&d, 0, locker, 0);
  pthread_join(c, 0);
  pthread_join(d, 0);
#endif
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// A relaxed store: 'ready' is not tracked data.
// TM-ST-NOT: data V{{[0-9]+}} ready
// TM-ST: function writer:
// TM-ST: atomic write ready at {{.*}}atomics-orders.c:41:3
// TM-ST-NOT: assign ready
// TM-ST: function reader:
// TM-ST-NOT: assume

// A relaxed load: 'ready' is tracked, the load's value is not.
// TM-LD: data V{{[0-9]+}} ready memory
// TM-LD: assign ready := 1 at {{.*}}atomics-orders.c:41:3
// TM-LD: function reader:
// TM-LD: atomic load ready at {{.*}}atomics-orders.c:46:11
// TM-LD-NOT: assume
// TM-LD: function main:

// SAFE: model checker: 0 races, {{[1-9]}} refuted, 0 unknown

// The witness (both accesses about to run) is not an execution of the
// sequentially consistent replay. With a relaxed store the writer makes
// its write and runs on releasing nothing until the reader, spinning on
// the flag, reads the payload: no happens-before orders them, a confirmed
// race (hb-race, validate/RunPast.cpp).
// HB: atomics-orders.c:40:11: warning: data race on 'payload': write in thread 'writer' conflicts with read in thread 'reader'
// HB: note: 'writer#1' makes its write payload and runs on, releasing nothing, before 'reader#2' makes its read payload: no happens-before orders the two
// With a release store and a relaxed load the writer would have to run past
// a release, after which the replay claims nothing (the reader's relaxed
// load does not acquire it, but whether some other acquire does is more
// than the replay tracks): a possible race, saying why. The same for the
// spin lock, whose release store the next holder passes.
// RACE: atomics-orders.c:40:11: warning: possible data race on 'payload': write in thread 'writer' conflicts with read in thread 'reader' (not decided: the model checker's interleaving could not be replayed against the program: a thread keeps running without reaching its next step

// LOCK: atomics-orders.c:33:10: warning: possible data race on 'counter': write in thread 'locker' conflicts with {{read|write}} in thread 'locker' (not decided: {{.*}}a spin loop that does not exit
// LOCK-NOT: warning:
