// clang-format off
// thread-arg-guard: a worker that branches on the index its creator passed
// (`if (id == 1)`, id = (int)(long)arg) ran both sides in every instance:
// two instances both wrote the summary, a write/write pair the program
// cannot have. The routine's argument is now a per-instance variable set
// to the creator's loop counter at each creation, and the branch a guard
// on it. With `id <= 1` (RACY) both instances do write.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <pthread.h>
#include <stdio.h>

static long summary;
static long parts[2];

static void *scan(void *arg) {
  int id = (int)(long)arg;
  parts[id] = 1000L * (id + 1);
#ifdef RACY
  if (id <= 1)
#else
  if (id == 1)
#endif
    summary = parts[id] * 2;
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, scan, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", summary + parts[0] + parts[1]);
  return 0;
}

// CHECK-LABEL: creations:
// CHECK: -> scan loop (at most 2 times) handles t[] index V[[ARG:[0-9]+]] := V{{[0-9]+}} (i)
// CHECK-LABEL: function scan:
// CHECK-DAG: assume arg@scan == 1 at thread-arg-guard.c:24:7
// CHECK-DAG: assume arg@scan != 1 at thread-arg-guard.c:24:7
// FREE-NOT: warning: {{.*}}'summary'
// RACY: thread-arg-guard.c:26:13: warning: data race on 'summary': write in thread 'scan' conflicts with write in thread 'scan'
