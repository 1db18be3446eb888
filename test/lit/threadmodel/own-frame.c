// clang-format off
// own-frame: an access that names a local of its own function (the alloca
// plus offsets, no pointer loaded from memory) touches the frame of the
// thread running it, so two such accesses never race, even when the local's
// address escapes (here to an unknown external function). One through a
// pointer that reaches another thread's local still races with it.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not=warning:
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -DHANDED -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=HANDED --implicit-check-not=warning:
// clang-format on
#include <pthread.h>

// MODEL: A0 write ms at own-frame.c:[[#@LINE+16]]:6 objects {ms} own instance
// MODEL: A1 read ms at own-frame.c:[[#@LINE+23]]:8 objects {ms} own instance
// MODEL: A2 write ms at own-frame.c:[[#@LINE+22]]:6 objects {ms} own instance
// FREE: lockset layer: 1 shared locations, 0 protected pairs, 0 candidate pairs
// HANDED-DAG: own-frame.c:[[#@LINE+18]]:12: warning: data race on 'ms': write in thread 'routine' conflicts with {{read|write}} in thread 'routine'
// HANDED-DAG: own-frame.c:[[#@LINE+15]]:10: warning: data race on 'handed': write in thread 'routine' conflicts with read in thread 'routine'
// HANDED-DAG: own-frame.c:[[#@LINE+14]]:10: warning: data race on 'handed': write in thread 'routine' conflicts with write in thread 'routine'
// HANDED-DAG: own-frame.c:[[#@LINE+15]]:12: warning: possible data race on 'ms'
// HANDED-DAG: own-frame.c:[[#@LINE+14]]:12: note: also a possible data race on 'ms': this write conflicts with write in thread 'routine' here

void set_timeout(int *ms); // Unknown: the address of ms escapes.

int *handed;

void *routine(void *arg) {
  int ms;
  ms = 2000;
  set_timeout(&ms);
#ifdef HANDED
  int *other = handed; // Another instance's ms, once it has run this.
  handed = &ms;
  if (other)
    *other = 1;
#endif
  ms = ms + 1;
  return arg;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, routine, 0);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  return 0;
}
