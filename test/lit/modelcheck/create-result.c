// clang-format off
// create-result: pthread_create's result tested by the caller. On the
// failure path the thread does not exist, so what the path writes does not
// race with it (FAIL); with another thread running it still does (OTHER).
// A result nobody looks at keeps the create always succeeding. One local
// reused for two results (REUSED) is each result where it is tested.
// RUN: %clang -g -O0 -c -DFAIL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DFAIL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSTORED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DREUSED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DOTHER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OTHER --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DOTHER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OTHER --implicit-check-not=warning:
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DSTORED %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>

int x;
void *v(void *a) { return a; }
void *w(void *a) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t, u;
#if defined(FAIL)
  if (pthread_create(&t, 0, w, 0) != 0) {
    x = 2;
    return 1;
  }
#elif defined(STORED)
  int rc = pthread_create(&t, 0, w, 0);
  if (rc) {
    x = 2;
    return 1;
  }
#elif defined(REUSED)
  int rc = pthread_create(&u, 0, v, 0);
  if (rc)
    return 1;
  rc = pthread_create(&t, 0, w, 0);
  if (rc) {
    x = 2;
    pthread_join(u, 0);
    return 1;
  }
  pthread_join(u, 0);
#else
  pthread_create(&u, 0, w, 0);
  if (pthread_create(&t, 0, w, 0)) {
    x = 2;
    pthread_join(u, 0);
    return 1;
  }
  pthread_join(u, 0);
#endif
  pthread_join(t, 0);
  return x;
}
// OTHER: create-result.c:20:5: warning: data race on 'x': write in thread 'w' conflicts with write in thread 'w'
// OTHER: create-result.c:51:7: warning: data race on 'x': write in thread 'main' conflicts with write in thread 'w'
// OTHER: note: interleaving: main: create w#1 (create-result.c:49) -> main: create w (fails: no thread) (create-result.c:50) -> main: write x (create-result.c:51) -> w#1: write x (create-result.c:20)
// MODEL: data V{{[0-9]+}} create@32 result
// MODEL: function main:
// MODEL-NEXT: create w at create-result.c:32:12
// MODEL-NEXT: assume create@32 != 0 at create-result.c:33:7
// MODEL-NEXT: assume create@32 == 0 at create-result.c:33:7
