// clang-format off
// Library results and effects the program's own data fixes. Each
// race-free variant was a confirmed race: snprintf "returned -1" though
// its arguments fix 8 (SNPRINTF; now computed, and with -DPOINTER, a %p
// the replay does not format, untrusted), strcpy's copy of the mode was not made,
// so the workers took the unlocked branch (STRCPY), syscall(SYS_gettid)
// "was" the main thread's id in a worker (SYSCALL), the child branch of
// fork() ran in the parent's memory (FORK), and qsort of 0 elements
// "touched" the array (QSORT). strcpy of concrete strings is replayed, the
// string functions are computed on concrete bytes (formatting and
// scanning give untrusted results: a race that depends on one is
// possible), the ids are fixed, fork returns the child's id, and qsort and
// bsearch touch nmemb * size bytes. -DRACY copies the other mode.
// RUN: %clang -g -O0 -c -DSNPRINTF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=COMPUTED --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSNPRINTF -DPOINTER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SNPRINTF --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRCPY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DSTRCPY -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSYSCALL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DFORK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DQSORT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
//
// SAFE-NOT: warning: data race
// COMPUTED: program-data.c:47:16: warning: possible data race on 'truncations': {{.*}}the model checker's interleavings are not ones the program can take
// SNPRINTF: program-data.c:47:16: warning: possible data race on 'truncations': {{.*}}the interleaving depends on the result of 'snprintf' at line 42, which the program's own data fixes and the replay does not compute)
// RACY: program-data.c:61:11: warning: data race on 'events': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

#ifdef SNPRINTF
static int truncations;
static void *worker(void *arg) {
  char name[16];
#ifdef POINTER
  int len = snprintf(name, sizeof name, "worker-%p", arg);
#else
  int len = snprintf(name, sizeof name, "worker-%d", (int)(long)arg);
#endif
  if (len < 0 || (size_t)len >= sizeof name)
    truncations++;
  return 0;
}
#endif

#ifdef STRCPY
static char mode[16];
static long events;
static void *worker(void *arg) {
  if (mode[0] == 'l') {
    pthread_mutex_lock(&m);
    events++;
    pthread_mutex_unlock(&m);
  } else {
    events++;
  }
  return arg;
}
#endif

#ifdef SYSCALL
static long ui_lines;
static void *worker(void *arg) {
  if (syscall(SYS_gettid) == getpid())
    ui_lines++;
  return arg;
}
#endif

#ifdef FORK
static long stats;
static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  stats++;
  pthread_mutex_unlock(&m);
  return arg;
}
#endif

#ifdef QSORT
static int items[8];
static int cmp(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}
static void *worker(void *arg) {
  long id = (long)arg;
  // Worker 1 sorts the first half; worker 0's chunk is empty.
  qsort(items, id ? 4 : 0, sizeof items[0], cmp);
  return arg;
}
#endif

int main(void) {
#ifdef STRCPY
#ifdef RACY
  strcpy(mode, "single");
#else
  strcpy(mode, "locked");
#endif
#endif
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
#ifdef FORK
  pid_t pid = fork();
  if (pid == 0) {
    stats = 7; // The child's own copy.
    _exit(0);
  }
  waitpid(pid, 0, 0);
#endif
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
