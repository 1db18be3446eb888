// clang-format off
// Computed gotos (indirectbr) are control flow like any other.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
#include <pthread.h>
int count;
void *worker(void *arg) {
  static void *labels[] = {&&inc, &&done};
  int i = 0;
  goto *labels[i];
inc:
  count++;
  i++;
  goto *labels[i];
done:
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  count = 5;
  pthread_join(t, 0);
  return 0;
}
// CHECK: computed-goto.c:{{11|20}}:{{[0-9]+}}: warning: data race on 'count'
// CHECK-NOT: internal error
