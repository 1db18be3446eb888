// clang-format off
// __builtin_mul_overflow and friends become llvm.*.with.overflow, whose
// result is a {value, overflowed} pair. The replay gave such an intrinsic
// no value, the extractvalue after it threw, and the whole module was
// "analysed" with an internal error and no findings. The pair is computed
// now (overflow: the operation in twice the width does not fit back).
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='internal error'
//
// CHECK: overflow-intrinsics.c:21:11: warning: data race on 'total': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
#include <pthread.h>
#include <stdlib.h>

static long total;

static void *worker(void *arg) {
  size_t n = (size_t)(long)arg + 3, bytes;
  if (__builtin_mul_overflow(n, sizeof(long), &bytes))
    return 0;
  long *buf = malloc(bytes);
  if (buf)
    total += (long)bytes;
  free(buf);
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return (int)total;
}
