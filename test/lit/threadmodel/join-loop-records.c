// clang-format off
// join-loop over records that hold the thread id (`pthread_create(&w[i].tid,
// ...)`, a thread pool's worker array): the handles step by the record's
// size, not the id's, and the other fields main and the workers write
// (`w[i].id`, `w->sum`) do not overwrite an id, so the join loop joins every
// worker and main's sum after it is ordered. OVERWRITE: a store into a
// record's id before the join loop may lose a thread: still a race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty
// RUN: %clang -g -O0 -c -DOVERWRITE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <pthread.h>
#include <stdlib.h>

struct worker {
  pthread_t tid;
  int id;
  long sum;
};

static void *work(void *p) {
  struct worker *w = p;
  w->sum = w->id * 2L;
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n > 8)
    n = 8;
  struct worker ws[8];
  for (int i = 0; i < n; i++) {
    ws[i].id = i;
    pthread_create(&ws[i].tid, 0, work, &ws[i]);
  }
#ifdef OVERWRITE
  ws[0].tid = ws[n - 1].tid;
#endif
  for (int i = 0; i < n; i++)
    pthread_join(ws[i].tid, 0);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += ws[i].sum;
  return (int)total;
}

// CHECK-LABEL: function main:
// CHECK: join all ws[] (every thread of the create at line 34) (may) at {{.*}}join-loop-records.c:40:5

// SAFE-NOT: data race
// RACE: join-loop-records.c:23:10: warning: {{(possible )?}}data race on 'ws[].sum': write in thread 'work' conflicts with read in thread 'main'
