// clang-format off
// libc-strerror: glibc (since 2.32) and musl give strerror's result a
// constant string or the calling thread's own buffer, so two threads that
// print strerror() do not race (on real libraries this was every confirmed
// race RaceSift reported: nanomsg's error paths). localtime() keeps its
// result in static storage on every libc: two threads calling it race
// (-DLOCALTIME). glibc's inet_ntoa keeps its buffer per thread too
// (-DNTOA: no race; it was a confirmed one), and so do its strsignal
// (since 2.32) and dlerror (-DSIGNAL, -DDLERROR).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DNTOA %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DSIGNAL %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DDLERROR %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -c -DLOCALTIME %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *describe(int e) {
#ifdef LOCALTIME
  time_t now = e;
  return asctime(localtime(&now));
#elif defined(NTOA)
  struct in_addr a = {htonl((unsigned)e)};
  return inet_ntoa(a);
#elif defined(SIGNAL)
  return strsignal(e);
#elif defined(DLERROR)
  dlopen(e == ENOENT ? "/nonexistent.so" : "", RTLD_NOW);
  return dlerror();
#else
  return strerror(e);
#endif
}

static void *worker(void *a) {
  fprintf(stderr, "%s\n", describe(EINVAL));
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  fprintf(stderr, "%s\n", describe(ENOENT));
  pthread_join(t, 0);
  return 0;
}
// OK-NOT: warning:
// The replay compares the hidden state's accesses (not the calls' other
// pointer arguments, two threads' own `now`): the race is confirmed.
// RACE: strerror.c:26:18: warning: data race on 'the hidden state of localtime(), gmtime(), ctime() and asctime()+?': write in thread 'main' conflicts with write in thread 'worker'
