// clang-format off
// A create loop bounded by a variable (`i < n`, n from the command line)
// hands each thread its counter: the counter is tracked though compared
// with an untracked n (the branch itself stays undecided), so each
// worker's index is its own and results[i] is no race. A counter compared
// with a variable that no creation is handed stays untracked (the join
// loop's). RACY: two workers share a slot.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <pthread.h>
#include <stdlib.h>

static long results[16];

static void *work(void *p) {
  long i = (long)p;
#ifdef RACY
  results[i / 2] += i;
#else
  results[i] = i * 2;
#endif
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n > 16)
    n = 16;
  pthread_t t[16];
  for (long i = 0; i < n; i++)
    pthread_create(&t[i], 0, work, (void *)i);
  for (long j = 0; j < n; j++)
    pthread_join(t[j], 0);
  return (int)results[0];
}

// CHECK-LABEL: function main:
// CHECK: assign i := 0 at {{.*}}counter-variable-bound.c:32:13
// CHECK: create work at {{.*}}counter-variable-bound.c:33:5
// CHECK: assign i := i + 1 at {{.*}}counter-variable-bound.c:32:28
// CHECK-NOT: assign j

// SAFE-NOT: data race
// RACE: counter-variable-bound.c:20:18: warning: {{(possible )?}}data race on 'results[]': write in thread 'work' conflicts with {{read|write}} in thread 'work'
