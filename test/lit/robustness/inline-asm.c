// clang-format off
// Inline assembly has no modelled effects (compromise inline-asm): the
// compile succeeds and the race on 'hits' around it is still found.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=SARIF < %t.sarif
#include <pthread.h>
int hits;
void *worker(void *arg) {
  __asm__ volatile("" ::: "memory");
  hits++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
// CHECK: inline-asm.c:10:7: warning: data race on 'hits'
// SARIF: "text": "Inline-asm: no pointer effects assumed."
