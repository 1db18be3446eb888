// clang-format off
// frozen-branch refinement: a worker that branches on configuration main
// filled in before it started any thread takes one side in every run. The
// model checker, which tracks no strings, took both: the unlocked side of
// a race-free program was a possible race, refuted by every replay. The
// replay computes the branch from constants with no symbolic decision
// before it, the condition reads only memory main writes before its first
// pthread_create (and strcmp, a pure function of it), so the model is built
// again without the other edge. A branch of main on its own early local
// (HELPER) likewise.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DHELPER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NONE --allow-empty
// Not frozen: main writes the mode after starting a thread (LATE), or
// only for some inputs (INPUT): the unlocked side races in those runs.
// RUN: %clang -g -O0 -c -DLATE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LATE
// RUN: %clang -g -O0 -c -DINPUT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// The refinement, in print<racesift-validate> and the statistics:
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=REFINE
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=STATS
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DLATE %s -o %t.late.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-validate>' -disable-output %t.late.ll 2>&1 | %FileCheck %s --check-prefix=NOREFINE
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
  char mode[16];
} cfg = {"unlocked"};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int balance;

static void *teller(void *arg) {
  (void)arg;
  if (strcmp(cfg.mode, "locked") == 0) {
    pthread_mutex_lock(&lock);
    balance += 5;
    pthread_mutex_unlock(&lock);
  } else {
    balance += 5;
  }
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  pthread_t a, b;
#if defined(HELPER)
  // Unlocked, but the second worker only starts if the mode says so.
  int second = strcmp(cfg.mode, "locked") == 0;
  pthread_create(&a, NULL, teller, NULL);
  if (second)
    pthread_create(&b, NULL, teller, NULL);
  pthread_join(a, NULL);
  if (second)
    pthread_join(b, NULL);
  return balance;
#else
#if defined(INPUT)
  if (argc < 2)
    strncpy(cfg.mode, "locked", sizeof cfg.mode - 1);
#elif !defined(RACY) && !defined(LATE)
  strncpy(cfg.mode, "locked", sizeof cfg.mode - 1);
#endif
  pthread_create(&a, NULL, teller, NULL);
#ifdef LATE
  strncpy(cfg.mode, "locked", sizeof cfg.mode - 1);
#endif
  pthread_create(&b, NULL, teller, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d\n", balance);
  return 0;
#endif
}

// NONE-NOT: warning:
// RACY: frozen-branch.c:41:13: warning: data race on 'balance': write in thread 'teller' conflicts with {{read|write}} in thread 'teller'
// The unlocked side stays (possible: the replay does not find the run
// where the first worker reads the mode before main writes it).
// LATE-DAG: frozen-branch.c:41:13: warning: {{(possible )?}}data race on 'balance'
// LATE-DAG: frozen-branch.c:68:3: warning: data race on 'cfg': write in thread 'main' conflicts with read in thread 'teller'
// REFINE: refinement: fixed the branch at frozen-branch.c:36 (its condition always holds)
// NOREFINE-NOT: refinement: fixed
// STATS: racesift: stats: refinement: 1 round(s); fixed: the branch at frozen-branch.c:36 (its condition always holds)
