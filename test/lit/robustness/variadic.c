// clang-format off
// Variadic functions: pointers passed as variadic arguments reach va_arg,
// in the variadic function itself and through a va_list handed on to a
// helper; the compile succeeds and every race is found.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdarg.h>
int total, hits, misses;
static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
static void vbump(va_list ap) {
  int *p = va_arg(ap, int *);
  ++*p;
}
static void bump(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int *p = va_arg(ap, int *);
  ++*p;
  va_end(ap);
}
static void bump_later(int n, ...) {
  va_list ap, copy;
  va_start(ap, n);
  va_copy(copy, ap);
  vbump(copy);
  va_end(copy);
  va_end(ap);
}
void *worker(void *arg) {
  total += sum(3, 1, 2, 3);
  bump(1, &hits);
  bump_later(1, &misses);
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
// The replay does not run variadic bodies (va_arg): the races inside them
// are possible ones.
// CHECK-DAG: variadic.c:20:3: warning: possible data race on 'misses': {{.*}}taking the variadic function
// CHECK-DAG: variadic.c:26:3: warning: possible data race on 'hits'
// CHECK-DAG: variadic.c:38:9: warning: data race on 'total'
// CHECK-NOT: {{ }}data race on
// CHECK-NOT: internal error
