// clang-format off
// A variadic function's arguments are a stack object without an alloca
// (`<variadic arguments of note>`); here it escapes (its va_list's address
// is published), which made the stack-per-instance rule read a site that
// is no alloca (an internal error, first seen on sqlite3.c). The module is
// analysed: the workers' unlocked counter and the published pointer race.
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='internal error'
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

va_list *saved;
int shared;

static void note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  saved = &ap;
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

static void *worker(void *p) {
  note("%d %p\n", shared, p);
  shared++;
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, &t[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
// CHECK-DAG: variadic-escape.c:18:9: warning: {{(possible )?}}data race on 'saved'
// CHECK-DAG: variadic-escape.c:25:9: warning: data race on 'shared': write in thread 'worker' conflicts with read in thread 'worker'
