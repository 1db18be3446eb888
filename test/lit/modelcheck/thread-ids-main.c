// clang-format off
// thread-ids (issue 20): a main-thread check in a callback that several
// threads run. main stores its own id before it creates the workers, so
// only main passes the test and x has one writer; the workers' y stays a
// race.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// CHECK: [[#@LINE+8]]:7: warning: data race on 'y': write in thread 'w' conflicts with write in thread 'w'
#include <pthread.h>
int x, y;
pthread_t main_tid;
void cb(void) {
  if (pthread_equal(pthread_self(), main_tid))
    x++;
  else
    y = 1;
}
void *w(void *a) { cb(); return 0; }
int main(void) {
  pthread_t t[2];
  main_tid = pthread_self();
  pthread_create(&t[0], 0, w, 0);
  pthread_create(&t[1], 0, w, 0);
  cb();
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return x;
}
