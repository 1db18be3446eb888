// clang-format off
// Recursion (direct and mutual) is cut after one level when inlining
// (compromise recursion-cutoff): the compile succeeds and the race inside
// the recursion is found.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
int depth;
static int odd(int n);
static int even(int n) { depth++; return n == 0 ? 1 : odd(n - 1); }
static int odd(int n) { return n == 0 ? 0 : even(n - 1); }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
void *worker(void *arg) { return (void *)(long)(even(10) + fact(5)); }
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
// CHECK: recursion.c:9:31: warning: data race on 'depth'
// CHECK-NOT: internal error
