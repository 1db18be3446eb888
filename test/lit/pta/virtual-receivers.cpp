// clang-format off
// virtual-receivers: a worker runs a queue of tasks of two types through
// one virtual call. Bound as a plain indirect call, each override took
// every task as `this`: Sum::run read and wrote the Log's `count` (both at
// byte 8), a possible race with main's write of it (false). Each receiver
// is now bound only to the override its own vtable slot holds; the race on
// `level`, which Log::run does touch, is still confirmed.
// RUN: %clang -x c++ -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -x c++ -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -x c++ -g -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
#include <pthread.h>
#include <stdio.h>

struct Task {
  virtual ~Task() {}
  virtual void run() = 0;
};
struct Sum : Task {
  long total = 0;
  long limit = 100;
  void run() override {
    if (total < limit)
      total += 1;
  }
};
struct Log : Task {
  long count = 0;
  long level = 0;
  void run() override { level++; }
};

static Task *queue[2];

static void *worker(void *) {
  // PTA: {{.*}} in _ZL6workerPv -> {_ZN3Log3runEv, _ZN3Sum3runEv, __cxa_pure_virtual}
  for (Task *t : queue)
    t->run();
  return nullptr;
}
// PTA: %0 in _ZN3Sum3runEv -> {heap@virtual-receivers.cpp:[[#@LINE+10]]}
// PTA: %4 in _ZN3Sum3runEv -> {heap@virtual-receivers.cpp:[[#@LINE+9]]+8}
// PTA: %0 in _ZN3Log3runEv -> {heap@virtual-receivers.cpp:[[#@LINE+9]]}
// PTA: %4 in _ZN3Log3runEv -> {heap@virtual-receivers.cpp:[[#@LINE+8]]+16}

// RACE: virtual-receivers.cpp:[[#@LINE+12]]:12: warning: data race on field .level of the heap object allocated at virtual-receivers.cpp:[[#@LINE+6]]: write in thread 'main' conflicts with read in thread 'worker'
// RACE: virtual-receivers.cpp:30:30: note: conflicting read in thread 'worker' here
// RACE: 1 warning generated.

int main() {
  Sum *s = new Sum;
  Log *g = new Log;
  queue[0] = s;
  queue[1] = g;
  pthread_t t;
  pthread_create(&t, nullptr, worker, nullptr);
#ifdef RACY
  g->level = 7;
#else
  g->count = 2;
#endif
  pthread_join(t, nullptr);
  printf("%ld %ld %ld\n", s->total, g->count, g->level);
  return 0;
}
