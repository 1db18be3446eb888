// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DREENTRANT -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// rand() keeps its seed in hidden state of the library (POSIX: need not
// be thread-safe): two threads calling it race there. rand_r on a seed of
// each thread's own does not.
#include <pthread.h>
#include <stdlib.h>

void *roll(void *arg) {
#ifdef REENTRANT
  unsigned seed = (unsigned)(long)arg;
  return (void *)(long)rand_r(&seed);
#else
  return (void *)(long)rand();
#endif
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, roll, (void *)1);
  pthread_create(&b, 0, roll, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
// RACE: rand.c:15:{{[0-9]+}}: warning: data race on 'the hidden state of rand()
// OK-NOT: race
