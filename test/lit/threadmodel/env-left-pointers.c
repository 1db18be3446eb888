// clang-format off
// env-parameters: the pointers a library's callers hand over lead to
// memory of theirs, and so do the pointers inside it (here
// `strm->internal`, which another unit of the library allocated on an
// earlier call). stream_init stores the encoder callback through it: the
// callback escapes to the callers, who may call it, and the thread it
// starts races with it on `in->count`. Before, the pointer loaded from the
// callers' object pointed nowhere, the callback escaped nowhere, and the
// unit "created no threads".
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
// clang-format on
#include <pthread.h>

struct internal {
  int (*code)(struct internal *);
  int count;
};
struct stream {
  struct internal *internal;
};

static void *worker(void *p) {
  struct internal *in = p;
  in->count++;
  return 0;
}

static int encode(struct internal *in) {
  pthread_t t;
  pthread_create(&t, 0, worker, in);
  in->count++;
  pthread_join(t, 0);
  return 0;
}

int stream_init(struct stream *strm) {
  strm->internal->code = encode;
  return 0;
}

// MODEL: templates:
// MODEL-NEXT: T0 <env> once
// MODEL-NEXT: T1 worker
// MODEL: creations:
// MODEL-NEXT: C0 in encode at env-left-pointers.c:32:3 -> worker

// CHECK: env-left-pointers.c:33:12: warning: data race on field .count of a 'internal' passed by the library's callers: write by the library's callers conflicts with read in thread 'worker'
