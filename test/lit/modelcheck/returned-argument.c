// clang-format off
// returned-argument, end to end: `b = buf_put(b, c)` hands each thread its
// own buffer back. With every caller's argument merged into the result,
// the `b->len = 0` after the loop of either thread touched both buffers,
// and the race-free program had eight possible races. With -DRACY,
// worker_b also resets worker_a's buffer: a race on log_a.len.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// clang-format on
#include <pthread.h>

struct buf {
  char data[64];
  int len;
};

static struct buf *buf_put(struct buf *b, char c) {
  b->data[b->len % 64] = c;
  b->len++;
  return b;
}

static struct buf log_a, log_b;

static void *worker_a(void *arg) {
  struct buf *b = &log_a;
  for (int i = 0; i < 10; i++)
    b = buf_put(b, 'a');
  b->len = 0;
  return arg;
}

static void *worker_b(void *arg) {
  struct buf *b = &log_b;
  for (int i = 0; i < 10; i++)
    b = buf_put(b, 'b');
#ifdef RACY
  b = &log_a;
#endif
  b->len = 0;
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker_a, 0);
  pthread_create(&b, 0, worker_b, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return log_a.len + log_b.len;
}
// MODEL-DAG: write b->len at returned-argument.c:31:10 objects {log_a.len}
// MODEL-DAG: write b->len at returned-argument.c:42:10 objects {log_b.len}
// RACY: returned-argument.c:31:10: warning: data race on 'log_a.len': write in thread 'worker_a' conflicts with write in thread 'worker_b'
// RACY: returned-argument.c:42:10: warning: data race on 'log_a.len': write in thread 'worker_b' conflicts with read in thread 'worker_a'
// RACY: returned-argument.c:42:10: warning: data race on 'log_a.len': write in thread 'worker_b' conflicts with read in thread 'worker_a'
