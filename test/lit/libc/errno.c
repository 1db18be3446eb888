// clang-format off
// errno is each thread's own: `errno = 0; strtol(..); if (errno)` in every
// worker is race-free, at -O0 and -O2, and `print<racesift-threads>` models
// no access of it. A pointer to one thread's errno handed to another thread
// (-DHANDED) is that thread's memory: the worker's write through it races
// with main's own `errno = ...`.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -DHANDED -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=HANDED
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

static void *parse(void *text) {
#ifdef HANDED
  *(int *)text = 1;
  return 0;
#else
  errno = 0;
  long v = strtol((const char *)text, 0, 10);
  if (errno)
    return (void *)1;
  return (void *)v;
#endif
}

int main(void) {
  pthread_t x, y;
#ifdef HANDED
  pthread_create(&x, 0, parse, &errno);
  errno = 2;
  pthread_join(x, 0);
#else
  pthread_create(&x, 0, parse, "12");
  pthread_create(&y, 0, parse, "13");
  pthread_join(x, 0);
  pthread_join(y, 0);
#endif
  return errno;
}
// HANDED: errno.c:33:9: warning: data race on {{.*}}__errno_location{{.*}}: write in thread 'main' conflicts with write in thread 'parse'
// HANDED-NEXT: 33 |
// HANDED-NEXT: ^
// HANDED-NEXT: errno.c:18:16: note: conflicting write in thread 'parse' here
// MODEL-NOT: __errno_location
// OK-NOT: warning:
