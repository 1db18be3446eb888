// clang-format off
// pthread_create on a null or an unknown function pointer: no thread can
// be modelled there (compromise unresolved-start-routine); the compile
// succeeds, says so, and the known thread's race is still found.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=SARIF < %t.sarif
#include <pthread.h>
int shared;
extern void *(*plugin_entry)(void *);
void *worker(void *arg) { shared++; return 0; }
int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, 0, 0);
  pthread_create(&t[1], 0, plugin_entry, 0);
  pthread_create(&t[2], 0, worker, 0);
  pthread_create(&t[3], 0, worker, 0);
  return 0;
}
// CHECK: null-routine.c:10:33: warning: data race on 'shared'
// The witness says what the unresolved creations did: nothing.
// CHECK: note: interleaving: main: create ? (start routine unknown: no thread modelled) (null-routine.c:13) -> main: create ? (start routine unknown: no thread modelled) (null-routine.c:14) -> main: create worker#1
// CHECK-NOT: internal error
// SARIF: "text": "Unresolved-start-routine: at main:13."
// SARIF: "text": "Unresolved-start-routine: at main:14."
