// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DREENTRANT -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// RUN: %clang -g -O0 -DGLIBC -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// lrand48() keeps its seed in hidden state of the library (POSIX: need
// not be thread-safe; glibc: MT-Unsafe): two threads calling it race
// there. rand_r on a seed of each thread's own does not, and neither does
// glibc's rand(), which locks its state (MT-Safe): a confirmed race on it
// was a claim no glibc program bears out.
#include <pthread.h>
#include <stdlib.h>

void *roll(void *arg) {
#if defined(REENTRANT)
  unsigned seed = (unsigned)(long)arg;
  return (void *)(long)rand_r(&seed);
#elif defined(GLIBC)
  return (void *)(long)rand();
#else
  return (void *)(long)lrand48();
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
// RACE: rand.c:[[#@LINE-12]]:{{[0-9]+}}: warning: data race on 'the hidden state of drand48()
// OK-NOT: race
