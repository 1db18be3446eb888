// clang-format off
// joined-index: each worker writes its own slot of a result array (its
// per-instance index, `results[id]`), and the creator reads slot i right
// after joining thread i, in the join loop. The thread model proves that
// iteration i of the join loop joins the thread created in iteration i,
// which was passed i, and that no other worker touches slot i (every
// worker access to `results` is at its own index, one slot wide); the MHP
// layer then orders the read with every worker access. Racy: the slot read
// before the join (BEFORE), the next thread's slot (OTHER). With -DWIDE workers
// that also write the next slot race with each other, and the rule stands
// down (a window of two slots; main's read stays a possible race).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DBEFORE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DOTHER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DWIDE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WIDE
//
// MODEL: read results[] at joined-index.c:52:{{[0-9]+}} objects {results[]} of the thread just joined (create at line 43)
// OK-NOT: warning:
// RACE: warning: data race on 'results[]': write in thread 'worker' conflicts with read in thread 'main'
// WIDE-DAG: warning: data race on 'results[]': write in thread 'worker' conflicts with write in thread 'worker'
// WIDE-DAG: warning: possible data race on 'results[]': write in thread 'worker' conflicts with read in thread 'main'
#include <pthread.h>
#include <stdint.h>

#define NT 4
static long results[NT + 1];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  results[id] = id * 3;
#ifdef WIDE
  results[id + 1] = 0;
#endif
  return 0;
}

int main(void) {
  pthread_t t[NT];
  long total = 0;
  for (int i = 0; i < NT; i++)
    pthread_create(&t[i], 0, worker, (void *)(intptr_t)i);
  for (int i = 0; i < NT; i++) {
#ifdef BEFORE
    total += results[i];
#endif
    pthread_join(t[i], 0);
#ifdef OTHER
    total += results[(i + 1) % NT];
#else
    total += results[i];
#endif
  }
  return total == 0;
}
