// clang-format off
// context-parameters through a thread-start helper: thread_init(&t1, ...)
// and thread_init(&t2, ...) reach one pthread_create whose argument is the
// helper's parameter. Each inlined creation passes only what its call
// passes (Action::ArgObjects of the Create edge), so the thread started
// for t1 reads only t1's fields: main's writes to t2 before t2's creation
// do not race with it. Writing t1's field while t1 runs does.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// clang-format on
#include <pthread.h>

struct thread {
  void (*routine)(void *);
  void *arg;
  pthread_t handle;
};

static void *main_routine(void *p) {
  struct thread *self = p;
  self->routine(self->arg);
  return 0;
}

static void thread_init(struct thread *self, void (*routine)(void *),
                        void *arg) {
  self->routine = routine;
  self->arg = arg;
  // MODEL: C0 in thread_init at context-thread-helper.c:[[#@LINE+1]]:3 -> main_routine
  pthread_create(&self->handle, 0, main_routine, self);
}

static void work(void *arg) { (void)arg; }

int main(void) {
  struct thread t1, t2;
  int a = 1, b = 2;
  thread_init(&t1, work, &a);
  thread_init(&t2, work, &b);
#ifdef RACY
  // RACY: context-thread-helper.c:[[#@LINE+1]]:10: warning: data race on 't1.arg': write in thread 'main' conflicts with read in thread 'main_routine'
  t1.arg = &b;
#endif
  pthread_join(t1.handle, 0);
  pthread_join(t2.handle, 0);
  return 0;
}
// FREE: model checker 0 locations racing, [[#]] refuted, 0 undecided
