// clang-format off
// A pipe the program makes itself orders its threads: the worker's
// blocking read returns only after main's write. The replay took read()'s
// result as an input, so "the result of 'read' = 1" before main wrote the
// job was a confirmed race on `job`. The replay now keeps the bytes of the
// program's own pipes and socket pairs; a read that would block on an empty
// one ends the path. A job field written after the hand-off (-DRACY) is
// still a confirmed race; a socket pair is the same channel both ways.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DPAIR %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DPAIR -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
//
// CHECK: own-pipe.c:44:9: warning: possible data race on 'job.n': write in thread 'main' conflicts with read in thread 'worker' (not decided: {{.*}}'read' at line 28 waits for data no thread has written to the program's own pipe yet
// RACY: own-pipe.c:51:12: warning: data race on 'job.last': write in thread 'main' conflicts with read in thread 'worker'
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static int fds[2];
static struct {
  int n, last;
} job;
static long result;

static void *worker(void *arg) {
  char c;
  if (read(fds[0], &c, 1) != 1)
    return 0;
  result = job.n + job.last;
  return 0;
}

int main(void) {
  pthread_t t;
#ifdef PAIR
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
    return 1;
#else
  if (pipe(fds) != 0)
    return 1;
#endif
  pthread_create(&t, 0, worker, 0);
  job.n = 8;
#ifndef RACY
  job.last = 1;
#endif
  if (write(fds[1], "j", 1) != 1)
    return 1;
#ifdef RACY
  job.last = 1;
#endif
  pthread_join(t, 0);
  return (int)result;
}
