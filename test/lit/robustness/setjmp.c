// clang-format off
// setjmp/longjmp: the compile succeeds; the access after the setjmp is
// still a race.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
#include <setjmp.h>
int state;
static jmp_buf env;
static void fail(void) { longjmp(env, 1); }
void *worker(void *arg) {
  if (setjmp(env) == 0)
    fail();
  state = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int s = state;
  pthread_join(t, 0);
  return s;
}
// CHECK: setjmp.c:13:9: warning: possible data race on 'state': {{.*}}'longjmp' (exceptions and non-local jumps are not replayed)
// CHECK-NOT: internal error
