// clang-format off
// join-loop with a short-circuit bound: `i < n && i < 4` is, at -O0, a
// block for the second test and a phi of i1; the promoted copy turns it
// into a select, so ScalarEvolution counts both loops as umin(n, 4) and
// the join loop joins every thread the create loop started, whatever n.
// SHORT: the join loop stops at 3, one short: still a race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
// RUN: %clang -g -O0 -c -DSHORT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <pthread.h>
#include <stdlib.h>

static long parts[4];

static void *work(void *p) {
  long i = (long)p;
  parts[i] = i * i;
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  pthread_t t[4];
  for (int i = 0; i < n && i < 4; i++)
    pthread_create(&t[i], 0, work, (void *)(long)i);
#ifdef SHORT
  for (int i = 0; i < n && i < 3; i++)
#else
  for (int i = 0; i < n && i < 4; i++)
#endif
    pthread_join(t[i], 0);
  return (int)(parts[0] + parts[3]);
}

// CHECK-LABEL: function main:
// CHECK: join all t[] (every thread of the create at line 26) (may) at {{.*}}join-loop-short-circuit.c:32:5

// Main's reads are ordered after every write; the workers' own writes are
// at their own index (the create loop's counter, tracked though compared
// with n: threadmodel/counter-variable-bound.c).
// SAFE-NOT: data race
// RACE: join-loop-short-circuit.c:18:12: warning: {{(possible )?}}data race on 'parts[]': write in thread 'work' conflicts with read in thread 'main'
