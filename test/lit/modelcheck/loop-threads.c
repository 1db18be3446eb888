// clang-format off
// A creation loop with a constant trip count gets as many threads as it
// creates (up to MaxLoopThreads, 8), not the thread bound: only the third
// worker writes 'x', so bound 2 would refute the race. A loop of 12 keeps
// the bound; its refutation holds only up to the bound and says so, in a
// remark and in a SARIF notification, never silently.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DN=3 %s -o %t3.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t3.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t3.ll 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O2 -S -emit-llvm -DN=3 %s -o %t3o2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t3o2.ll 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -c -DN=3 %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %clang -g -O0 -c -DN=12 %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s --check-prefix=CUT
// RUN: %python -c "import json,sys; [print(n['descriptor']['id'], n['message']['text']) for n in json.load(open(sys.argv[1]))['runs'][0]['invocations'][0]['toolExecutionNotifications']]" %t.sarif | %FileCheck %s --check-prefix=SARIF
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int arrived, x, unguarded;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (arrived == 2)
    x = 1;
  arrived = arrived + 1;
  pthread_mutex_unlock(&m);
  unguarded++;
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; ++i)
    pthread_create(&t[i], 0, worker, 0);
  int seen = x;
  for (int i = 0; i < N; ++i)
    pthread_join(t[i], 0);
  return seen;
}

// MODEL: C0 in main at {{.*}} -> worker loop (at most 3 times)
// RACE: x: race
// RACE: worker#3: write x
// WARN: loop-threads.c:23:{{[0-9]+}}: warning: data race on 'x'
// WARN-NOT: explored with at most
// CUT: remark: racesift: '{{.*}}loop-threads.c': 1 candidate location(s) were refuted only up to the thread bound (thread bound 2 met at creation site {{.*}}loop-threads.c:33 (in a loop)): 'x'; more threads may race there (option thread-bound)
// CUT-NOT: warning: {{.*}}data race on 'x'
// CUT: loop-threads.c:26:{{[0-9]+}}: warning: data race on 'unguarded'
// CUT: note: explored with at most 2 threads per creation site; a thread created in a loop may run more often (option thread-bound)
// CUT-NOT: warning: {{.*}}data race on 'x'
// SARIF: thread-bound 1 candidate location(s) were refuted only up to the thread bound (thread bound 2 met at creation site {{.*}}loop-threads.c:33 (in a loop)): 'x'
