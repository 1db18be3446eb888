// clang-format off
// The lockset layer decides context pairs per class of contexts that get
// the same verdict: a direct access to the thread's own instance of a
// thread-local (or own-frame local) and one through a pointer, of one type
// under the same locks, are not in one class. Here the worker writes its
// own 'tl' and main's 'tl' (through shared_p), in either order; main's
// write races with the second.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clang -g -O0 -DPOINTER_FIRST -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// clang-format on
#include <pthread.h>

__thread int tl;
int *shared_p;

void *worker(void *a) {
#ifdef POINTER_FIRST
  *shared_p = 2;
  tl = 1;
#else
  tl = 1;
  *shared_p = 2;
#endif
  return a;
}

int main(void) {
  pthread_t t;
  shared_p = &tl;
  pthread_create(&t, 0, worker, 0);
  // CHECK: own-instance-class.c:[[#@LINE+1]]:6: warning: data race on 'tl': write in thread 'main' conflicts with write in thread 'worker'
  tl = 5;
  pthread_join(t, 0);
  return 0;
}
