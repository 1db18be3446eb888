// clang-format off
// phi-branch: a scoped-lock macro (xz's mythread_sync) locks in the
// condition of a for loop through `i ? (unlock(), 0) : (lock(), 1)`. At -O0
// the loop's test is a comparison of that expression's phi with 0, so the
// body is entered only from the lock's side: the body's accesses hold the
// lock (relative to the struct's pointer, through assert-checking
// wrappers), the lock is released on the way out, and the accesses after
// the block hold nothing. Without phi-branch the lock and unlock sides met
// before the body's test and the body held nothing. The RACY variant
// writes the counter after the block as well: that is a race.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: %clang -g -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// clang-format on
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct job {
  pthread_mutex_t mutex;
  int state;
  int done;
};

static void job_lock(pthread_mutex_t *m) {
  int ret = pthread_mutex_lock(m);
  assert(ret == 0);
  (void)ret;
}

static void job_unlock(pthread_mutex_t *m) {
  int ret = pthread_mutex_unlock(m);
  assert(ret == 0);
  (void)ret;
}

#define job_sync(m)                                                            \
  for (unsigned sync_i = 0;                                                    \
       sync_i ? (job_unlock(&(m)), 0) : (job_lock(&(m)), 1); sync_i = 1)

static void *worker(void *arg) {
  struct job *j = arg;
  job_sync(j->mutex) {
    j->state = 1;
    j->done += 1;
  }
#ifdef RACY
  j->done += 1;
#endif
  return 0;
}

int main(void) {
  struct job *j = calloc(1, sizeof *j);
  pthread_mutex_init(&j->mutex, 0);
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, j);
  job_sync(j->mutex) { j->state = 2; }
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: worker: write j->state at scoped-lock-macro.c:45:14 holds {heap@scoped-lock-macro.c:55}
// CHECK-DAG: worker: write j->done at scoped-lock-macro.c:46:13 holds {heap@scoped-lock-macro.c:55}
// CHECK-DAG: main: write j->state at scoped-lock-macro.c:60:33 holds {heap@scoped-lock-macro.c:55}
// CHECK-LABEL: candidates:
// CHECK-NOT: state
// CHECK-NOT: done

// CLEAN-NOT: warning
// RACE: scoped-lock-macro.c:49:11: warning: data race on field .done of the heap object allocated at scoped-lock-macro.c:55: write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
// RACE-NOT: .state
