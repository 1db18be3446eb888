// clang-format off
// Code clang does not emit: at -O0 a C99 inline definition (inline, neither
// extern nor static) is available_externally and clang emits no body for
// it, nor for a gnu_inline `extern inline` one. Through -fplugin the
// analysis still sees them (a second code generator emits them for a copy
// of the module), and the object file is the one clang writes without
// the plugin.
//
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DGNU_EXTERN_INLINE -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -fgnu89-inline -DGNU_EXTERN_INLINE -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RACE: inline-bodies.c:57:5: warning: data race on 'x'
//
// The same functions under a lock: no race.
// RUN: %clang -g -O0 -DLOCKED -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// OK-NOT: warning
//
// The object file does not change: compiled with and without the plugin.
// RUN: %clang -g -O0 -c %s -o %t.plain.o
// RUN: %clang -g -O0 -c %s -o %t.plugin.o -fplugin=%racesift_clang_plugin 2>/dev/null
// RUN: cmp %t.plain.o %t.plugin.o
// RUN: %clang -O2 -c %s -o %t.plain.o
// RUN: %clang -O2 -c %s -o %t.plugin.o -fplugin=%racesift_clang_plugin 2>/dev/null
// RUN: cmp %t.plain.o %t.plugin.o
// RUN: %clang -g -O0 -DLOCKED -DGNU_EXTERN_INLINE -c %s -o %t.plain.o
// RUN: %clang -g -O0 -DLOCKED -DGNU_EXTERN_INLINE -c %s -o %t.plugin.o -fplugin=%racesift_clang_plugin
// RUN: cmp %t.plain.o %t.plugin.o
//
// A pass plugin sees the module clang emits, which at -O0 has no body for
// these functions: the race is not seen there (README, "What each route
// sees").
// RUN: %clang -g -O0 -c %s -o %t.o -fpass-plugin=%racesift_plugin 2>&1 | %FileCheck %s --check-prefix=NOBODY --allow-empty
// NOBODY-NOT: data race
#include <pthread.h>
#include <stdio.h>

#ifdef GNU_EXTERN_INLINE
#define INLINE extern inline __attribute__((gnu_inline))
#else
#define INLINE inline
#endif

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

INLINE int step(int n) {
  if (n > 100)
    printf("step %d\n", n);
  return n + 1;
}

INLINE void bump(void) {
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  x = step(x);
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
}

void *worker(void *arg) {
  bump();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d\n", x);
  return 0;
}
