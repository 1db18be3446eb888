// clang-format off
// The _unlocked stdio functions skip the stream's lock: two threads that
// putc_unlocked to one stream without flockfile race on it (-DRACY; nothing
// was reported at -O0, where they are calls without a body), and
// flockfile/funlockfile are the stream's lock (-O2 inlines putc_unlocked
// into accesses of the FILE under it: a confirmed race before).
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O2 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY2
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
//
// RACY: stdio-unlocked.c:25:5: warning: data race on {{.*}}the memory that 'fopen' returns: write in thread 'worker' conflicts with
// RACY2: warning: data race on field ._IO_write_ptr of the memory that 'fopen' returns: write in thread 'worker' conflicts with
// SAFE-NOT: warning: data race
#include <pthread.h>
#include <stdio.h>

static FILE *out;

static void emit(const char *s) {
#ifndef RACY
  flockfile(out);
#endif
  for (; *s; s++)
    putc_unlocked(*s, out);
#ifndef RACY
  funlockfile(out);
#endif
}

static void *worker(void *arg) {
  emit(arg);
  return 0;
}

int main(void) {
  out = fopen("/dev/null", "w");
  if (!out)
    return 1;
  pthread_t t[2];
  pthread_create(&t[0], 0, worker, "first");
  pthread_create(&t[1], 0, worker, "second");
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return 0;
}
