// clang-format off
// Variadic functions: arguments read with va_arg are not tracked
// (compromise va-arg), the compile succeeds and the direct race is found.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdarg.h>
int total;
static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
void *worker(void *arg) {
  total += sum(3, 1, 2, 3);
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
// CHECK: variadic.c:18:9: warning: data race on 'total'
// CHECK-NOT: internal error
