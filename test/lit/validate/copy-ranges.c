// clang-format off
// A confirmed race needs the two accesses to touch a common byte. A
// library call's access was compared by object: any pointer argument in
// the other access's object met it. So a log whose writers reserve
// disjoint regions under a lock and copy outside it, and two threads
// strcpy-ing into their own rows of one array, were confirmed races.
// Now memcpy and memset (and their intrinsics) touch exactly [p, p+n), a
// string function certainly touches only the byte its pointer names (how
// far it goes is not known before it runs: possible, saying so), and a
// copy whose length depends on inputs is run with a small length the path
// allows (with -DCOPYFIRST; it was "an address that depends on inputs").
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSHARED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SHARED
// RUN: %clang -g -O0 -c -DSAMENAME %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAMENAME
// RUN: %clang -g -O0 -c -DCOPYFIRST %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=COPYFIRST
//
// FREE: copy-ranges.c:42:3: warning: possible data race on 'logbuf[]': {{.*}}the two accesses touch different addresses in this interleaving
// FREE: copy-ranges.c:63:3: warning: possible data race on 'names[]': {{.*}}how many bytes 'strcpy' touches is not known before it runs
// SHARED: copy-ranges.c:36:3: warning: data race on 'logbuf': write in thread 'worker' conflicts with write in thread 'worker'
// SAMENAME: copy-ranges.c:61:3: warning: data race on 'names': write in thread 'worker' conflicts with write in thread 'worker'
// COPYFIRST: copy-ranges.c:52:8: warning: data race on 'hits': write in thread 'worker' conflicts with read in thread 'worker'
// COPYFIRST: note: the interleaving happens with the result of 'time' at line {{[0-9]+}} = 1
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char logbuf[4096];
static size_t logpos;
static pthread_mutex_t logmu = PTHREAD_MUTEX_INITIALIZER;
static char names[2][16];
static long hits;

static void log_msg(const char *m, size_t len) {
#ifdef SHARED
  memcpy(logbuf, m, len);
#else
  pthread_mutex_lock(&logmu);
  size_t off = logpos;
  logpos = off + len;
  pthread_mutex_unlock(&logmu);
  memcpy(logbuf + off, m, len);
#endif
}

static void *worker(void *arg) {
  long id = (long)arg;
  char line[16] = "worker says hi";
#ifdef COPYFIRST
  char copy[16];
  memcpy(copy, line, (size_t)time(0) % sizeof line);
  hits += copy[0];
  return 0;
#endif
#ifdef SHARED
  log_msg(line, strlen(line));
#else
  log_msg(line, sizeof line);
#endif
#ifdef SAMENAME
  strcpy(names[0], line);
#else
  strcpy(names[id], line);
#endif
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return logbuf[0] + names[1][0];
}
