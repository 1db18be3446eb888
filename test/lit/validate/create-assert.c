// clang-format off
// A library entry that asserts each pthread_create succeeded, one local
// holding both results (ZooKeeper's start_threads). The replay follows the
// interleaving only if the model checker knows the failure path ends in
// the assert: before, the reused local hid the test, the witness let the
// first create fail and run on, and the replay ended in __assert_fail, so
// both races were "possible".
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning:
// clang-format on
#include <assert.h>
#include <pthread.h>

struct adaptor {
  int state;
  pthread_t io, completion;
};

static void *do_io(void *p) {
  struct adaptor *a = p;
  return (void *)(long)a->state;
}

static void *do_completion(void *p) {
  struct adaptor *a = p;
  return (void *)(long)a->state;
}

void start_threads(struct adaptor *a) {
  int rc = pthread_create(&a->io, 0, do_io, a);
  assert("io thread" && !rc);
  rc = pthread_create(&a->completion, 0, do_completion, a);
  assert("completion thread" && !rc);
  a->state = 2;
}
// CHECK-DAG: create-assert.c:33:12: warning: data race on field .state of a 'adaptor' passed by the library's callers: write by the library's callers conflicts with read in thread 'do_io'
// CHECK-DAG: create-assert.c:33:12: warning: data race on field .state of a 'adaptor' passed by the library's callers: write by the library's callers conflicts with read in thread 'do_completion'
