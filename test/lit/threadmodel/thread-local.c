// clang-format off
// A thread-local object whose address escapes to another thread (passed as
// the thread argument, stored in a global) is shared memory; one whose
// address never escapes is not modelled. An access that names the object
// itself touches the accessing thread's own instance, so two such accesses
// never race, even when the address escapes elsewhere.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DBY_ARGUMENT %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -DBY_ARGUMENT -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ARG
// RUN: %clang -g -O2 -DBY_ARGUMENT -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ARG
// RUN: %clang -g -O0 -DBY_ARGUMENT -DTLS=__thread -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ARG
// RUN: %clang -g -O0 -DBY_GLOBAL -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=GLOBAL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// RUN: %clang -g -O0 -DESCAPES_UNUSED -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.private.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.private.ll 2>&1 | %FileCheck %s --check-prefix=PRIVATE
#include <pthread.h>

#ifndef TLS
#define TLS _Thread_local
#endif

TLS int counter;
int *published;

void *worker(void *arg) {
#if defined(BY_ARGUMENT)
  int *p = arg;
  *p = 1;
#elif defined(BY_GLOBAL)
  *published = 2;
#else
  counter++;
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
#if defined(BY_GLOBAL) || defined(ESCAPES_UNUSED)
  published = &counter;
#endif
#ifdef BY_ARGUMENT
  pthread_create(&a, 0, worker, &counter);
#else
  pthread_create(&a, 0, worker, 0);
#endif
  pthread_create(&b, 0, worker, 0);
  counter = 5;
  int r = counter;
  pthread_join(a, 0);
  pthread_join(b, 0);
  return r;
}

// MODEL: O{{[0-9]+}} global 'counter' shared thread-local escaping
// MODEL: write *p at thread-local.c:29:6 objects {counter}
// MODEL: write counter at thread-local.c:49:11 objects {counter}

// ARG: thread-local.c:49:11: warning: data race on 'counter': write in thread 'main' conflicts with write in thread 'worker'
// ARG: thread-local.c:29:6: note: conflicting write in thread 'worker' here

// GLOBAL: thread-local.c:49:11: warning: data race on 'counter': write in thread 'main' conflicts with write in thread 'worker'
// GLOBAL: thread-local.c:31:14: note: conflicting write in thread 'worker' here

// OK-NOT: warning

// PRIVATE-NOT: counter
